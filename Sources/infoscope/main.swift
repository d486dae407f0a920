import Foundation
import PlistCLI

switch CLI.plan(Array(CommandLine.arguments.dropFirst())) {
case .exit(let status):
  exit(status)
case .interactive(let bundle, _):
  // Until the terminal inspector is wired in here, a terminal gets the lint report too.
  exit(CLI.lintReport(bundle))
}
