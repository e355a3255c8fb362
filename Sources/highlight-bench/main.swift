import Foundation
import Highlight

// The engine's side of scripts/benchmark_highlight.py: highlights each (language, file) pair of
// the arguments RUNS times in this one process, after one warm-up that loads the definitions,
// and prints the seconds of each run as JSON.
let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 3, let runs = Int(arguments[0]), arguments.count % 2 == 1 else {
    FileHandle.standardError.write(Data("usage: highlight-bench RUNS (LANGUAGE FILE)...\n".utf8))
    exit(2)
}
var files: [(CompiledLanguage, String)] = []
let library = LanguageLibrary()
for index in stride(from: 1, to: arguments.count, by: 2) {
    guard case .success(let language) = library.language(arguments[index]),
        let text = try? String(contentsOfFile: arguments[index + 1], encoding: .utf8)
    else {
        FileHandle.standardError.write(Data("cannot load \(arguments[index]) \(arguments[index + 1])\n".utf8))
        exit(1)
    }
    files.append((language, text))
}
let highlighter = Highlighter(library: library)
var seconds: [Double] = []
for run in 0...runs {
    let start = ContinuousClock.now
    var characters = 0
    for (language, text) in files {
        if case .success(let tokens) = highlighter.highlight(text, with: language) { characters += tokens.count }
    }
    let elapsed = ContinuousClock.now - start
    if run > 0 { seconds.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18) }
}
print("{\"seconds\": \(seconds)}")
