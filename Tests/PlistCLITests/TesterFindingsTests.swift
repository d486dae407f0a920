import Foundation
import PlistCore
import TestSupport
import Testing

@testable import PlistCLI

private typealias T = TreeBuilder

/// What a tester found on 6 December 2026, each held to the right value.
@Suite struct TesterFindingsTests {
  /// A console whose standard output refuses every write, as `/dev/full` does.
  final class FullConsole: Console {
    let inner = BufferConsole()
    func write(_ bytes: [UInt8], to stream: ConsoleStream) -> Bool {
      stream == .output ? false : inner.write(bytes, to: stream)
    }
    func isTerminal(_ stream: ConsoleStream) -> Bool { false }
    func readStandardInput() -> [UInt8]? { nil }
    func environment(_ name: String) -> String? { nil }
  }

  /// `print` into a full disk says so, as `convert` and `get` do, instead of exiting 73 in
  /// silence.
  @Test func printSaysWhenStandardOutputRefusesTheText() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let file = try harness.writeXML(T.dict([("a", T.int(1))]), named: "in.plist")
    let console = FullConsole()
    #expect(CLI.run(["print", file], console: console) == 73)
    #expect(console.inner.errorText == "infoscope: error: cannot write to standard output\n")
  }

  /// A fraction that rounds to a whole second at six digits gives that second, never the
  /// invalid `…SS.Z`.
  @Test(arguments: [
    (0.9999999, "2001-01-01T00:00:01Z"),
    (-1e-9, "2001-01-01T00:00:00Z"),
    (4e-7, "2001-01-01T00:00:00Z"),
    (0.25, "2001-01-01T00:00:00.25Z"),
    (1.5e-6, "2001-01-01T00:00:00.000002Z"),
    (59.9999996, "2001-01-01T00:01:00Z"),
    (-0.5, "2000-12-31T23:59:59.5Z"),
    (3.0, "2001-01-01T00:00:03Z"),
  ])
  func fractionalSecondsRoundToTheMicrosecond(seconds: Double, text: String) {
    #expect(PlistDate(secondsSinceReferenceDate: seconds).iso8601String == text)
  }

  /// Findings that `diff` calls resolved come in the same order in every run, binary inputs
  /// included (their findings have no line, and a dictionary's order changes per process):
  /// by key path where the place is the same.
  @Test func resolvedFindingsOfBinaryFilesAreInKeyPathOrder() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let base: [(String, PlistNode)] = [
      ("CFBundleIdentifier", T.string("com.example.app")), ("CFBundleName", T.string("App")),
      ("CFBundleShortVersionString", T.string("1.0")), ("CFBundleVersion", T.string("1")),
      ("CFBundleExecutable", T.string("App")), ("CFBundlePackageType", T.string("APPL")),
    ]
    let domains = ["zeta.example", "alpha.example", "mid.example", "beta.example"]
    let exceptions = T.dict(
      domains.map { ($0, T.dict([("NSExceptionAllowsInsecureHTTPLoads", T.bool(true))])) })
    let old = T.dict(
      base + [("NSAppTransportSecurity", T.dict([("NSExceptionDomains", exceptions)]))])
    let a = harness.path("a.plist")
    let b = harness.path("b.plist")
    try Data(try BinaryPlistWriter.write(old)).write(to: URL(fileURLWithPath: a))
    try Data(try BinaryPlistWriter.write(T.dict(base))).write(to: URL(fileURLWithPath: b))
    let run = harness.run(["diff", a, b, "--format", "text", "--fail-on", "none"])
    let resolved = run.console.outputText.split(separator: "\n").filter {
      $0.contains("resolved:") && $0.contains("insecure_http_exception")
    }
    #expect(resolved.count == 4)
    let order = resolved.compactMap { line in domains.first { line.contains($0) } }
    #expect(order == domains.sorted())
  }

  /// An edit of a read-only file says how to write it anyway, as `convert` does.
  @Test func aReadOnlyFileNamesForce() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let file = try harness.writeXML(T.dict([("a", T.int(1))]), named: "ro.plist")
    #expect(chmod(file, 0o444) == 0)
    let refused = harness.run(["set", file, "a", "2"])
    #expect(refused.status == 73)
    #expect(
      refused.console.errorText
        == "\(file): error: the file was not saved: it is read-only (mode 0444); --force writes "
        + "it anyway\n")
    let forced = harness.run(["set", file, "a", "2", "--force"])
    #expect(forced.status == 0, "\(forced.console.errorText)")
    #expect(
      try PlistReader.read(contentsOf: file).root.node(at: KeyPath([.key("a")]))?.value
        == .integer(PlistInteger(2)))
  }
}
