import CPCRE2
import Synchronization

/// A compiled PCRE2 pattern, matched against UTF-8 bytes the way GtkSourceView's GRegex does:
/// UTF and Unicode properties on, LF newlines, JIT-compiled when the JIT is available.
///
/// The compiled code is immutable after `init` and PCRE2 allows matching it from several
/// threads at once (each with its own match data, see `RegexScratch`), hence `@unchecked`.
final class Regex: @unchecked Sendable {
    let pattern: String
    private let code: OpaquePointer
    /// How many capturing groups the pattern has.
    let captureCount: Int
    /// The bytes a match can begin with, as PCRE2's study of the pattern found them; nil when
    /// it did not tell (or the pattern can match nothing at all), and then a match may begin anywhere.
    let firstBytes: ByteSet?

    /// Compiles `pattern`; `anchored` makes it match only at the start position.
    init(_ pattern: String, anchored: Bool) throws(RegexError) {
        self.pattern = pattern
        var options = UInt32(PCRE2_UTF | PCRE2_UCP)
        if anchored { options |= UInt32(PCRE2_ANCHORED) }
        let context = pcre2_compile_context_create_8(nil)
        defer { pcre2_compile_context_free_8(context) }
        pcre2_set_newline_8(context, UInt32(PCRE2_NEWLINE_LF))
        var errorCode: Int32 = 0
        var errorOffset = 0
        let bytes = Array(pattern.utf8)
        let compiled = bytes.withUnsafeBufferPointer { buffer in
            pcre2_compile_8(buffer.baseAddress, buffer.count, options, &errorCode, &errorOffset, context)
        }
        guard let compiled else { throw RegexError(message: Self.message(for: errorCode), offset: errorOffset) }
        code = compiled
        pcre2_jit_compile_8(compiled, UInt32(PCRE2_JIT_COMPLETE))
        var count: UInt32 = 0
        pcre2_pattern_info_8(compiled, UInt32(PCRE2_INFO_CAPTURECOUNT), &count)
        captureCount = Int(count)
        firstBytes = Self.firstBytes(of: compiled)
    }

    /// What PCRE2 knows of the bytes `code`'s matches begin with: a table of them, or one code
    /// unit. PCRE2 does not say whether that unit is caseless, so its ASCII other case is let in
    /// too, and every byte of a multi-byte character (`(?i)k` also matches the Kelvin sign).
    private static func firstBytes(of code: OpaquePointer) -> ByteSet? {
        var minimumLength: UInt32 = 0
        pcre2_pattern_info_8(code, UInt32(PCRE2_INFO_MINLENGTH), &minimumLength)
        guard minimumLength > 0 else { return nil }
        var table: UnsafePointer<UInt8>?
        if pcre2_pattern_info_8(code, UInt32(PCRE2_INFO_FIRSTBITMAP), &table) == 0, let table {
            return ByteSet(bitmap: UnsafeBufferPointer(start: table, count: 32))
        }
        var type: UInt32 = 0
        var unit: UInt32 = 0
        pcre2_pattern_info_8(code, UInt32(PCRE2_INFO_FIRSTCODETYPE), &type)
        pcre2_pattern_info_8(code, UInt32(PCRE2_INFO_FIRSTCODEUNIT), &unit)
        guard type == 1, unit < 0x80 else { return nil }
        var bytes = ByteSet(0x80...0xFF)
        let byte = UInt8(unit)
        bytes.insert(byte)
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"): bytes.insert(byte - 0x20)
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): bytes.insert(byte + 0x20)
        default: break
        }
        return bytes
    }

    deinit { pcre2_code_free_8(code) }

    /// The number of the group named `name`, or nil when there is none.
    func groupNumber(named name: String) -> Int? {
        let number = name.withCString { pointer in
            pointer.withMemoryRebound(to: UInt8.self, capacity: name.utf8.count + 1) { pcre2_substring_number_from_name_8(code, $0) }
        }
        return number >= 0 ? Int(number) : nil
    }

    /// Matches `subject[0..<length]` from byte `start`; nil when it does not match.
    func match(_ subject: UnsafeBufferPointer<UInt8>, length: Int, from start: Int, scratch: RegexScratch) throws(RegexError) -> RegexMatch? {
        guard let result = try run(subject, length: length, from: start, scratch: scratch) else { return nil }
        let pairs = result == 0 ? RegexScratch.pairs : Int(result)
        guard let vector = pcre2_get_ovector_pointer_8(scratch.data) else { return nil }
        var groups = [Int](repeating: -1, count: 2 * (captureCount + 1))
        for index in 0..<min(2 * pairs, groups.count) where vector[index] != ~0 {
            groups[index] = vector[index]
        }
        return RegexMatch(groups: groups)
    }

    /// Where a match of `subject[0..<length]` from byte `start` begins, without its groups: the
    /// engine asks most patterns only whether, or where, they match next.
    func matchStart(_ subject: UnsafeBufferPointer<UInt8>, length: Int, from start: Int, scratch: RegexScratch) throws(RegexError) -> Int? {
        guard try run(subject, length: length, from: start, scratch: scratch) != nil,
            let vector = pcre2_get_ovector_pointer_8(scratch.data)
        else { return nil }
        return vector[0]
    }

    /// PCRE2's result for one match, counted against the run's budget; nil for no match.
    private func run(_ subject: UnsafeBufferPointer<UInt8>, length: Int, from start: Int, scratch: RegexScratch) throws(RegexError) -> Int32? {
        scratch.calls += 1
        let result = pcre2_match_8(code, subject.baseAddress, length, start, UInt32(PCRE2_NO_UTF_CHECK), scratch.data, scratch.context)
        if result == PCRE2_ERROR_NOMATCH { return nil }
        if result < 0 { throw RegexError(message: Self.message(for: result), offset: start, isLimit: true) }
        return result
    }

    static func message(for code: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: 256)
        let length = pcre2_get_error_message_8(code, &buffer, buffer.count)
        return length > 0 ? String(decoding: buffer[0..<Int(length)], as: UTF8.self) : "PCRE2 error \(code)"
    }
}

/// A set of bytes, as 256 bits.
struct ByteSet: Sendable, Equatable {
    private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    init<Bytes: Sequence<UInt8>>(_ bytes: Bytes) {
        for byte in bytes { insert(byte) }
    }

    /// The set a PCRE2 start bitmap (32 bytes, bit `n % 8` of byte `n / 8` for byte `n`) describes.
    init(bitmap: UnsafeBufferPointer<UInt8>) {
        for byte in 0...255 where bitmap[byte >> 3] & (1 << (byte & 7)) != 0 { insert(UInt8(byte)) }
    }

    mutating func insert(_ byte: UInt8) {
        let bit = UInt64(1) << (byte & 63)
        switch byte >> 6 {
        case 0: words.0 |= bit
        case 1: words.1 |= bit
        case 2: words.2 |= bit
        default: words.3 |= bit
        }
    }

    func contains(_ byte: UInt8) -> Bool {
        let word: UInt64
        switch byte >> 6 {
        case 0: word = words.0
        case 1: word = words.1
        case 2: word = words.2
        default: word = words.3
        }
        return word & (UInt64(1) << (byte & 63)) != 0
    }

    static func == (lhs: ByteSet, rhs: ByteSet) -> Bool {
        lhs.words == rhs.words
    }
}

/// Why a pattern did not compile, or why a match stopped (PCRE2's match or depth limit).
struct RegexError: Error, Sendable {
    var message: String
    var offset: Int
    var isLimit = false
    /// Whether the clock stopped it (a block's CPU time), not the text.
    var isTime = false
}

/// The byte ranges of one match: group 0 is the whole match, -1 marks a group that did not take part.
struct RegexMatch: Sendable {
    var groups: [Int]
    var start: Int { groups[0] }
    var end: Int { groups[1] }

    func range(_ group: Int) -> Range<Int>? {
        guard group >= 0, 2 * group + 1 < groups.count, groups[2 * group] >= 0 else { return nil }
        return groups[2 * group]..<groups[2 * group + 1]
    }
}

/// One thread's match state: PCRE2 match data, the limits that bound a match, and a JIT stack.
/// Making one maps memory for the stack, so runs borrow them from `pool` and give them back.
final class RegexScratch: @unchecked Sendable {
    /// Scratches not in use; each is used by one run at a time, which is what makes it Sendable.
    private static let pool = Mutex<[RegexScratch]>([])

    /// A scratch of the pool's, or a new one, with its count of calls at zero.
    static func borrow() -> RegexScratch {
        let scratch = pool.withLock { $0.popLast() } ?? RegexScratch()
        scratch.calls = 0
        return scratch
    }

    /// Gives `scratch` back for a later run; the pool keeps a few, as many as runs at once.
    static func giveBack(_ scratch: RegexScratch) {
        pool.withLock { if $0.count < 16 { $0.append(scratch) } }
    }

    static let pairs = 400
    let data: OpaquePointer?
    let context: OpaquePointer?
    private let stack: OpaquePointer?
    /// How many matches were run, for the engine's overall budget.
    var calls = 0

    /// The most steps one match may take (PCRE2's match limit).
    static let matchLimit: UInt32 = 1_000_000

    init(matchLimit: UInt32 = RegexScratch.matchLimit, depthLimit: UInt32 = 5_000) {
        data = pcre2_match_data_create_8(UInt32(Self.pairs), nil)
        context = pcre2_match_context_create_8(nil)
        stack = pcre2_jit_stack_create_8(64 * 1024, 4 * 1024 * 1024, nil)
        pcre2_set_match_limit_8(context, matchLimit)
        pcre2_set_depth_limit_8(context, depthLimit)
        pcre2_jit_stack_assign_8(context, nil, UnsafeMutableRawPointer(stack))
    }

    deinit {
        pcre2_jit_stack_free_8(stack)
        pcre2_match_context_free_8(context)
        pcre2_match_data_free_8(data)
    }
}
