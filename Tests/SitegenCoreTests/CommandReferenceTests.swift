import SitegenTestSupport
import Foundation
import Testing
@testable import SitegenCore

/// The command line is declared once; its reference (docs/command-line.md), `--help` and the
/// usage lines of errors all come from that declaration, and these tests fail when any of them
/// drift apart.
@Suite struct CommandReferenceTests {
    static let begin = "<!-- begin: generated from the commands' declarations; UPDATE_DOCS=1 swift test --filter CommandReferenceTests -->\n"
    static let end = "<!-- end: generated -->\n"

    @Test func theReferenceShowsWhatHelpPrints() throws {
        let readme = Repository.root.appendingPathComponent("docs/command-line.md")
        var text = try String(contentsOf: readme, encoding: .utf8)
        let start = try #require(text.range(of: Self.begin), "docs/command-line.md has the generated section's start")
        let stop = try #require(text.range(of: Self.end, range: start.upperBound..<text.endIndex))
        if ProcessInfo.processInfo.environment["UPDATE_DOCS"] == "1" {
            text.replaceSubrange(start.upperBound..<stop.lowerBound, with: Command.readmeReference)
            try text.write(to: readme, atomically: true, encoding: .utf8)
            return
        }
        let section = String(text[start.upperBound..<stop.lowerBound])
        #expect(section == Command.readmeReference, "run UPDATE_DOCS=1 swift test --filter CommandReferenceTests")
        for command in Command.all {
            let help = runCLI([command.name, "--help"], on: MemoryFileSystem())
            #expect(help.status == .success)
            #expect(section.contains("```\n" + help.out + "```"), "the reference shows 'sitegen \(command.name) --help' as it prints")
            #expect(section.contains(command.usage + "\n"))
        }
    }

    @Test func everyDeclaredOptionIsParsedAndEveryOtherRefused() {
        for command in Command.all {
            for option in command.options {
                let arguments = [option.name] + (option.takesValue ? ["x"] : [])
                let parsed = try? ArgumentParser(command: command).parse(arguments + (command.argument == nil ? [] : ["dir"]))
                #expect(option.takesValue ? parsed?.values[option.name] == "x" : parsed?.flags.contains(option.name) == true, "\(command.name) \(option.name)")
                #expect(command.usage.contains(option.synopsis) && command.help.contains(option.synopsis))
            }
            #expect(throws: ArgumentParser.UsageError.self) { try ArgumentParser(command: command).parse(["--frobnicate"]) }
        }
    }

    @Test func shortOptionsAreTheLongOnes() throws {
        let parsed = try ArgumentParser(command: .build).parse(["-s", "site", "-o=out", "-q"])
        #expect(parsed.values == ["--site": "site", "--output": "out"] && parsed.flags == ["--quiet"])
        #expect(try ArgumentParser(command: .serve).parse(["-p", "0"]).values == ["--port": "0"])
        #expect(throws: ArgumentParser.UsageError(message: "--output is given twice; give it once")) {
            try ArgumentParser(command: .build).parse(["-o", "a", "--output", "b"])
        }
        #expect(throws: ArgumentParser.UsageError(message: "--quiet and --verbose cannot be used together")) {
            try ArgumentParser(command: .build).parse(["-q", "-v"])
        }
        #expect(throws: ArgumentParser.UsageError.self) { try ArgumentParser(command: .check).parse(["-o", "x"]) }
        #expect(Command.build.help.contains("  -o, --output DIR ") && Command.build.help.contains("      --drafts "))
        let shorts = Command.all.flatMap { $0.options.compactMap(\.short) }
        #expect(shorts.allSatisfy { $0.count == 2 && !Command.helpOptions.contains($0) })
    }

    @Test func exclusiveOptionsShareOneBracketAndAreRefusedTogether() throws {
        #expect(Command.build.usage.hasSuffix("[--quiet | --verbose]"))
        #expect(throws: ArgumentParser.UsageError(message: "--quiet and --verbose cannot be used together")) {
            try ArgumentParser(command: .build).parse(["--verbose", "--quiet"])
        }
    }

    @Test func theOverviewListsEveryCommand() {
        let overview = runCLI(["--help"], on: MemoryFileSystem())
        for command in Command.all {
            #expect(overview.out.contains("  \(command.name) "), "\(command.name)")
            #expect(overview.out.contains(command.summary))
        }
    }

    @Test func aUsageErrorShowsTheCommandsOwnUsageLine() {
        for command in Command.all {
            let run = runCLI([command.name, "--nope"], on: MemoryFileSystem())
            #expect(run.status == .usageError)
            #expect(run.err.contains("usage: \(command.usage)\n"))
        }
    }
}
