import Foundation

/// The interface strings of the default theme, in English.
public struct ThemeStrings: Sendable, Equatable {
    public var skip = "Skip"
    public var next = "Next"
    public var previous = "Previous"
    public var finish = "Get started"
    /// The accessible name of each page: "{n} of {count}".
    public var pagePosition = "{n} of {count}"
    /// Indicator labels: "Page {n}: {title}".
    public var indicatorLabel = "Page {n}: {title}"
    public var indicatorsLabel = "Pages"
    public var pageCount = "{count} pages"
    public var pageCountOne = "1 page"
    public var flowsHeading = "Flows"

    public init() {}

    /// Fills `{name}` placeholders.
    public static func format(_ pattern: String, _ values: [String: String]) -> String {
        values.reduce(pattern) { $0.replacingOccurrences(of: "{\($1.key)}", with: $1.value) }
    }
}
