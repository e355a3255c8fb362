import OnboardingKit

extension ManifestImage {
    /// The image with every URL it holds (its own, its versions', its stills' and its
    /// animation's) passed through `transform`: made absolute for the manifest, or relative to
    /// the site's index for a flow's card.
    func mappingURLs(_ transform: (String) -> String) -> ManifestImage {
        var image = self
        image.src = transform(src)
        for index in image.variants.indices { image.variants[index].src = transform(variants[index].src) }
        for index in image.stills.indices { image.stills[index].src = transform(stills[index].src) }
        image.animation = animation?.mappingURLs(transform)
        return image
    }
}

extension ManifestAnimation {
    /// The animation with its JSON's and its poster's URLs passed through `transform`.
    func mappingURLs(_ transform: (String) -> String) -> ManifestAnimation {
        var animation = self
        (animation.src, animation.poster) = (transform(src), transform(poster))
        return animation
    }
}
