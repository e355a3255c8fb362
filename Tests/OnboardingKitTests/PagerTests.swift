import OnboardingKit
import Testing

@Suite struct PagerTests {
    @Test func neighboursAtTheStartMiddleAndEnd() {
        var pager = Pager(count: 3)
        #expect(pager.index == 0)
        #expect(pager.pageBefore == nil)
        #expect(pager.pageAfter == 1)
        #expect(pager.isFirst && !pager.isLast)
        let first = pager.goForward()
        #expect(first)
        #expect(pager.pageBefore == 0 && pager.pageAfter == 2)
        let second = pager.goForward()
        #expect(second)
        #expect(pager.isLast)
        #expect(pager.pageAfter == nil)
        let pastTheEnd = pager.goForward()
        #expect(!pastTheEnd)
        #expect(pager.index == 2)
        let backTwice = pager.goBack() && pager.goBack()
        #expect(backTwice)
        let beforeTheStart = pager.goBack()
        #expect(!beforeTheStart)
        #expect(pager.index == 0)
    }

    @Test func goToRejectsPagesThatDoNotExist() {
        var pager = Pager(count: 4, index: 1)
        let tooFar = pager.go(to: 4)
        let negative = pager.go(to: -1)
        #expect(!tooFar && !negative)
        #expect(pager.index == 1)
        let last = pager.go(to: 3)
        #expect(last)
        #expect(pager.index == 3)
    }

    @Test func startingIndexIsClamped() {
        #expect(Pager(count: 3, index: 9).index == 2)
        #expect(Pager(count: 3, index: -4).index == 0)
        let empty = Pager(count: 0)
        #expect(empty.count == 0 && empty.pageAfter == nil && empty.pageBefore == nil && empty.skipDestination == nil)
    }

    @Test func skipGoesToTheLastPageAndIsHiddenThere() {
        var pager = Pager(flow: makeFlow(pages: 4))
        #expect(pager.skipDestination == .page(3))
        pager.go(to: 3)
        #expect(pager.skipDestination == nil)
    }

    @Test func skipCanExitTheFlow() {
        let pager = Pager(flow: makeFlow(target: .exit))
        #expect(pager.skipDestination == .exit)
    }

    @Test func pageAndFlowSettingsHideSkip() {
        var pager = Pager(flow: makeFlow(pages: 3, pageSkip: [true, false, true]))
        #expect(pager.skipDestination == .page(2))
        pager.goForward()
        #expect(pager.skipDestination == nil)
        #expect(Pager(flow: makeFlow(skipEnabled: false)).skipDestination == nil)
    }
}
