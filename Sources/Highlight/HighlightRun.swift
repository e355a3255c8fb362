#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One text highlighted with one language, line by line, the way GtkSourceView's context engine
/// analyses a buffer: at each position the ancestors' ends, then the children in order, then the
/// context's own end; contexts marked `end-at-line-end` close at the line's end. Each byte is
/// painted with the style of the innermost styled context or sub-pattern over it.
final class HighlightRun {
    let language: CompiledLanguage
    let bytes: [UInt8]
    var paint: [UInt8]
    let scratch = RegexScratch.borrow()
    let budget: Int
    /// Each match call stays under PCRE2's limits, but many calls just under them could add up to
    /// minutes for a hostile definition: a block may take this much of its thread's CPU time.
    static let cpuSeconds = 10.0
    /// When the run began, on the coarse monotonic clock (read without a system call), and an
    /// estimate of the thread's CPU time then, made (a system call) only once a block has run for
    /// `quietSeconds` of wall time: most blocks never ask for it.
    private let startedWall = HighlightRun.coarseTime()
    private var startedCPU: Double?
    static let quietSeconds = 0.05
    private var checkedAt = 0
    /// The first byte not painted yet.
    var cursor = 0
    /// The current line: its first byte in `bytes` and its length without the line break.
    var lineStart = 0
    var lineLength = 0
    /// Every context made, to break the parent–child cycles once the run is over.
    var contexts: [RuntimeContext] = []

    deinit { RegexScratch.giveBack(scratch) }

    /// The CPU time this run may take.
    let cpuLimit: Double

    init(language: CompiledLanguage, text: String, cpuSeconds: Double = HighlightRun.cpuSeconds) {
        self.language = language
        cpuLimit = cpuSeconds
        bytes = Array(text.utf8)
        paint = [UInt8](repeating: 0, count: bytes.count)
        budget = 200_000 + 60 * bytes.count
    }

    /// The painted byte for the style id `id`: its `def:` style's index in the language's names.
    func style(_ id: String?) -> UInt8 {
        guard let id else { return 0 }
        return language.styleNumbers[id] ?? 0
    }

    func fill(_ range: Range<Int>, _ style: UInt8) {
        for index in range { paint[index] = style }
    }

    /// Paints the text between the cursor and `position` (bytes in the line) with `segment`'s style.
    func flush(_ segment: Segment, to position: Int) {
        let end = lineStart + position
        if end > cursor { fill(cursor..<end, segment.context.effectiveStyle) }
        cursor = max(cursor, end)
    }

    func run() throws(RegexError) {
        defer {
            for context in contexts {
                context.children.removeAll()
                context.childrenByStart.removeAll()
            }
        }
        let rootDefinition = language.definitions[language.root]
        let rootContext = RuntimeContext(
            definition: language.root, parent: nil, style: 0, ignoresChildrenStyle: false, end: nil, flags: rootDefinition.flags)
        rootContext.transitions = language.sharedTransitions(language.root)
        contexts.append(rootContext)
        var state = Segment(context: rootContext, parent: nil, start: 0)
        var start = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            start = 3
            cursor = 3
        }
        try bytes.withUnsafeBufferPointer { (buffer: UnsafeBufferPointer<UInt8>) throws(RegexError) in
            while start < bytes.count {
                let (length, breakLength) = Self.lineBreak(buffer, from: start)
                lineStart = start
                lineLength = length
                let line = UnsafeBufferPointer(rebasing: buffer[start..<(start + length)])
                state = try analyzeLine(state, line)
                let lineEnd = start + length + breakLength
                if lineEnd > cursor { fill(cursor..<lineEnd, state.context.effectiveStyle) }
                cursor = lineEnd
                start = lineEnd
            }
        }
        // GtkSourceView leaves the buffer's last character unstyled when it is a line break.
        if let last = bytes.last, last == 0x0A || last == 0x0D {
            paint[bytes.count - 1] = 0
        } else if bytes.count >= 3, bytes.suffix(3).elementsEqual([0xE2, 0x80, 0xA9]) {
            fill((bytes.count - 3)..<bytes.count, 0)
        }
    }

    /// The length of the line at `start` and of its break (LF, CR LF, CR or U+2029).
    static func lineBreak(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> (Int, Int) {
        var index = start
        while index < buffer.count {
            switch buffer[index] {
            case 0x0A: return (index - start, 1)
            case 0x0D: return (index - start, index + 1 < buffer.count && buffer[index + 1] == 0x0A ? 2 : 1)
            case 0xE2 where index + 2 < buffer.count && buffer[index + 1] == 0x80 && buffer[index + 2] == 0xA9:
                return (index - start, 3)
            default: index += 1
            }
        }
        return (index - start, 0)
    }

    func analyzeLine(_ initial: Segment, _ line: UnsafeBufferPointer<UInt8>) throws(RegexError) -> Segment {
        var state = initial
        var position = 0
        var stalled = 0
        while position <= line.count {
            let found = try nextSegment(state, line, from: position)
            try checkWork()
            guard let (next, newPosition) = found else { break }
            if newPosition == position, next === state { break }
            stalled = newPosition == position ? stalled + 1 : 0
            if stalled > 100 { break }
            state = next
            position = newPosition
        }
        flush(state, to: line.count)
        if state.context.ancestorCanEnd || state.context.endsAtLineEnd {
            state = checkLineEnd(state)
        }
        return state
    }

    /// Throws once the run has made more match calls than its budget, or (looked at every 32
    /// calls) taken more than `cpuLimit` of its thread's CPU time. Called wherever a run loops:
    /// within one line as well as from line to line, since a long line can take minutes alone.
    func checkWork() throws(RegexError) {
        if scratch.calls > budget { throw RegexError(message: "too much work for one block", offset: lineStart, isLimit: true) }
        if scratch.calls - checkedAt >= 32 {
            checkedAt = scratch.calls
            try checkTime()
        }
    }

    /// Throws once the run has taken more than `cpuLimit` of its thread's CPU time.
    private func checkTime() throws(RegexError) {
        let elapsed = Self.coarseTime() - startedWall
        guard elapsed > Self.quietSeconds else { return }
        let now = Self.threadCPUTime()
        // The CPU time taken before this first reading is at most the wall time since the run began.
        let started = startedCPU ?? now - elapsed
        startedCPU = started
        guard now - started <= cpuLimit else {
            let seconds = cpuLimit == cpuLimit.rounded() ? "\(Int(cpuLimit))" : "\(cpuLimit)"
            throw RegexError(message: "more than \(seconds) s of CPU time", offset: lineStart, isLimit: true, isTime: true)
        }
    }

    /// The coarse monotonic clock, in seconds: a few milliseconds' resolution, read in user space.
    static func coarseTime() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC_COARSE, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// The calling thread's CPU time, in seconds.
    static func threadCPUTime() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    func checkLineEnd(_ state: Segment) -> Segment {
        var terminating: Segment?
        var current: Segment? = state
        while let segment = current {
            if segment.context.endsAtLineEnd {
                terminating = segment
            } else if !segment.context.ancestorCanEnd {
                break
            }
            current = segment.parent
        }
        return terminating?.parent ?? state
    }
}
