import Foundation

/// Remembers which flows a user has seen, as native apps do with a first-launch flag.
///
/// A flow counts as seen for one content version: when the flow's content changes, its
/// `contentVersion` changes and the flow shows again. The web runtime keeps the same record in
/// `localStorage`, under the same key, with the same value. Every key it reads or writes starts
/// with `sitegen:`, whatever the manifest says, so a flow can never touch the app's own settings.
public struct FirstRunGate {
    /// The namespace of every key the gate uses.
    public static let keyPrefix = "sitegen:"

    /// The defaults key for a flow's `storage_key`: the key itself when it is in the namespace.
    public static func key(for storageKey: String) -> String {
        storageKey.hasPrefix(keyPrefix) ? storageKey : keyPrefix + storageKey
    }

    private let defaults: UserDefaults

    public init(defaults: UserDefaults = .standard) {
        self.defaults = defaults
    }

    /// True when the flow should be shown in the language that suits `preferredLanguages`: it is
    /// not `show_once`, or that translation's version is unseen.
    public func shouldShow(_ flow: ManifestFlow, preferredLanguages: [String] = Locale.preferredLanguages) -> Bool {
        let shown = flow.localized(for: preferredLanguages)
        return !shown.settings.showOnce || !hasSeen(storageKey: shown.settings.storageKey, contentVersion: shown.contentVersion)
    }

    /// True when this version of the flow stored under `storageKey` was finished or skipped, in
    /// this language or in another.
    public func hasSeen(storageKey: String, contentVersion: String) -> Bool {
        Self.contains(defaults.string(forKey: Self.key(for: storageKey)), contentVersion)
    }

    /// Records that the user finished or skipped the flow (the manifest's flow, with its
    /// translations): in one language, it counts as seen in all of them, until one changes.
    public func markSeen(_ flow: ManifestFlow) {
        defaults.set(Self.record(flow), forKey: Self.key(for: flow.settings.storageKey))
    }

    /// What the gate stores for a seen flow: the content version of each of its languages,
    /// separated by spaces (one version, for a flow in one language).
    public static func record(_ flow: ManifestFlow) -> String {
        ([flow.contentVersion] + flow.translations.map(\.contentVersion)).joined(separator: " ")
    }

    /// True when a stored record holds `contentVersion`.
    public static func contains(_ record: String?, _ contentVersion: String) -> Bool {
        record?.split(separator: " ").contains { $0 == contentVersion } ?? false
    }

    /// Forgets that the flow was seen, so it shows again (the native form of `?replay`).
    public func reset(_ flow: ManifestFlow) {
        defaults.removeObject(forKey: Self.key(for: flow.settings.storageKey))
    }
}
