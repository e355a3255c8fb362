extension Array {
    /// The first `limit` elements and, when there are more, in place of the rest the one
    /// `summary` makes of how many they are and the first of them ("and 12 more …" at it): how
    /// a list of problems a hostile file can make long is cut short.
    package func keepingFirst(_ limit: Int, summary: (_ more: Int, _ first: Element) -> Element) -> [Element] {
        guard count > limit else { return self }
        return Array(prefix(limit)) + [summary(count - limit, self[limit])]
    }
}
