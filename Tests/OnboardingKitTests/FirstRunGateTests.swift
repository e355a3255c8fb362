import Foundation
import OnboardingKit
import Testing

@Suite struct FirstRunGateTests {
    /// A private defaults domain per test, so tests neither share nor leave state.
    private func freshDefaults() -> UserDefaults {
        let suite = "sitegen.tests.\(UUID().uuidString)"
        let defaults = UserDefaults(suiteName: suite)!
        defaults.removePersistentDomain(forName: suite)
        return defaults
    }

    @Test func showsUntilSeenThenHides() {
        let gate = FirstRunGate(defaults: freshDefaults())
        let flow = makeFlow()
        #expect(gate.shouldShow(flow))
        gate.markSeen(flow)
        #expect(!gate.shouldShow(flow))
        #expect(gate.hasSeen(storageKey: "test:welcome", contentVersion: flow.contentVersion))
    }

    @Test func aChangedFlowShowsAgain() {
        let gate = FirstRunGate(defaults: freshDefaults())
        gate.markSeen(makeFlow(version: "00000000000000aa"))
        #expect(gate.shouldShow(makeFlow(version: "00000000000000bb")))
        #expect(!gate.shouldShow(makeFlow(version: "00000000000000aa")))
    }

    @Test func flowsThatAreNotShowOnceAlwaysShow() {
        let gate = FirstRunGate(defaults: freshDefaults())
        let flow = makeFlow(showOnce: false)
        gate.markSeen(flow)
        #expect(gate.shouldShow(flow))
    }

    @Test func resetShowsTheFlowAgain() {
        let gate = FirstRunGate(defaults: freshDefaults())
        let flow = makeFlow()
        gate.markSeen(flow)
        gate.reset(flow)
        #expect(gate.shouldShow(flow))
    }

    /// A flow in English with a Korean translation, each with its own content version.
    private func bilingual(english: String = "00000000000000e1", korean: String = "00000000000000c1") -> ManifestFlow {
        var flow = makeFlow(version: english)
        var translation = makeFlow(version: korean)
        translation.settings.locale = "ko"
        flow.translations = [translation]
        return flow
    }

    @Test func finishingOneLanguageFinishesTheOthers() {
        let gate = FirstRunGate(defaults: freshDefaults())
        #expect(gate.shouldShow(bilingual(), preferredLanguages: ["ko-KR"]))
        gate.markSeen(bilingual())
        #expect(!gate.shouldShow(bilingual(), preferredLanguages: ["ko-KR"]))
        #expect(!gate.shouldShow(bilingual(), preferredLanguages: ["en-US"]))
        #expect(FirstRunGate.record(bilingual()) == "00000000000000e1 00000000000000c1")
    }

    @Test func aChangedTranslationShowsAgainOnlyInItsLanguage() {
        let gate = FirstRunGate(defaults: freshDefaults())
        gate.markSeen(bilingual())
        let changed = bilingual(korean: "00000000000000c2")
        #expect(gate.shouldShow(changed, preferredLanguages: ["ko"]))
        #expect(!gate.shouldShow(changed, preferredLanguages: ["en"]))
        #expect(!gate.shouldShow(changed, preferredLanguages: ["fr"]), "a reader with no translation sees the source, unchanged")
    }

    @Test func aRecordIsReadWholeVersionsOnly() {
        #expect(FirstRunGate.contains("aa bb", "bb"))
        #expect(!FirstRunGate.contains("aab", "aa"))
        #expect(!FirstRunGate.contains(nil, "aa"))
        #expect(!FirstRunGate.contains("", ""))
    }
}
