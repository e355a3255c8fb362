/// The paging logic of an onboarding flow, as a native page view controller's data source and
/// page control need it: count, current index, the page before and after, and where Skip goes.
public struct Pager: Sendable, Equatable {
    /// What Skip does from the current page.
    public enum SkipDestination: Sendable, Equatable {
        /// Show the page at this index (the last one).
        case page(Int)
        /// Leave the flow, to its finish link.
        case exit
    }

    public let count: Int
    public private(set) var index: Int
    public let skipTarget: SkipTarget
    /// For each page, whether Skip may show on it.
    private let skippable: [Bool]

    /// A pager over `count` pages, starting at `index` (clamped into range).
    public init(count: Int, index: Int = 0, skipTarget: SkipTarget = .last, skippable: [Bool]? = nil) {
        self.count = max(0, count)
        self.index = count > 0 ? min(max(0, index), count - 1) : 0
        self.skipTarget = skipTarget
        self.skippable = skippable ?? Array(repeating: true, count: self.count)
    }

    /// A pager over a manifest flow, honouring its Skip settings and each page's `skip`.
    public init(flow: ManifestFlow, index: Int = 0) {
        self.init(
            count: flow.pages.count,
            index: index,
            skipTarget: flow.settings.skip.target,
            skippable: flow.pages.map { flow.settings.skip.enabled && $0.settings.skip }
        )
    }

    public var isFirst: Bool { index == 0 }
    public var isLast: Bool { count == 0 || index == count - 1 }
    /// The index of the page before the current one, or `nil` on the first page.
    public var pageBefore: Int? { isFirst ? nil : index - 1 }
    /// The index of the page after the current one, or `nil` on the last page.
    public var pageAfter: Int? { isLast ? nil : index + 1 }

    /// Where Skip goes from the current page, or `nil` where Skip is hidden (the last page, or a
    /// page or flow that turns it off).
    public var skipDestination: SkipDestination? {
        guard !isLast, index < skippable.count, skippable[index] else { return nil }
        switch skipTarget {
        case .last: return .page(count - 1)
        case .exit: return .exit
        }
    }

    /// Moves to the next page; returns false on the last page.
    @discardableResult
    public mutating func goForward() -> Bool {
        guard let next = pageAfter else { return false }
        index = next
        return true
    }

    /// Moves to the previous page; returns false on the first page.
    @discardableResult
    public mutating func goBack() -> Bool {
        guard let previous = pageBefore else { return false }
        index = previous
        return true
    }

    /// Moves to the page at `newIndex`; returns false, and stays, when there is no such page.
    @discardableResult
    public mutating func go(to newIndex: Int) -> Bool {
        guard newIndex >= 0, newIndex < count else { return false }
        index = newIndex
        return true
    }
}
