/// Small helpers for writing HTML by hand with every value escaped.
enum HTML {
    static func text(_ value: String) -> String { HTMLEscaping.escape(value) }

    /// ` name="value"`, escaped.
    static func attribute(_ name: String, _ value: String) -> String {
        " \(name)=\"\(HTMLEscaping.escape(value))\""
    }

    /// ` name="value"` when the value is present, else nothing.
    static func attribute(_ name: String, _ value: String?) -> String {
        value.map { attribute(name, $0) } ?? ""
    }

    static func image(src: String, alt: String, width: Int, height: Int, eager: Bool) -> String {
        let loading = eager ? attribute("fetchpriority", "high") : attribute("loading", "lazy")
        return "<img\(attribute("src", src))\(attribute("alt", alt))\(attribute("width", String(width)))"
            + "\(attribute("height", String(height)))\(attribute("decoding", "async"))\(loading)>"
    }
}
