import Foundation
import PlistCLI

exit(CLI.run(Array(CommandLine.arguments.dropFirst())))
