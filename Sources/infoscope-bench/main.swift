import Foundation

// infoscope-bench: measures infoscope's property-list codec against the peers on this machine.
// `--child ui ...` is the terminal UI's measured child (see UIBench.swift), `--child ...` the
// codec's (see Child.swift); `--near-miss [N,N…]` the misspelling check's cost on unknown keys
// (see NearMissBench.swift); `--lint-scaling` lint's cost against one dictionary's size (see
// LintScaling.swift); anything else runs the bench.

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--child", arguments.dropFirst().first == "ui" {
  exit(UIBench.child(Array(arguments.dropFirst(2))))
}
if arguments.first == "--near-miss" {
  exit(NearMissBench.main(Array(arguments.dropFirst())))
}
if arguments.first == "--lint-scaling" {
  exit(LintScaling.main(Array(arguments.dropFirst())))
}
if arguments.first == "--child" {
  exit(Child.main(Array(arguments.dropFirst())))
}
exit(BenchCommand.main(arguments))
