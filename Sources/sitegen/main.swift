import Foundation
import SitegenCore

let status = CommandLineInterface(arguments: Array(CommandLine.arguments.dropFirst()), environment: .process).run()
exit(status.rawValue)
