import Foundation
import RulebookCommand

exit(
    RulebookTool.main(
        arguments: Array(CommandLine.arguments.dropFirst()),
        environment: ProcessInfo.processInfo.environment))
