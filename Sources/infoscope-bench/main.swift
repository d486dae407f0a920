import Foundation

// infoscope-bench: measures infoscope's property-list codec against the peers on this machine.
// `--child ...` is the measured child process (see Child.swift); anything else runs the bench.

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--child" {
  exit(Child.main(Array(arguments.dropFirst())))
}
exit(BenchCommand.main(arguments))
