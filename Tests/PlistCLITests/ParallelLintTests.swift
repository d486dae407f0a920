import Foundation
import PlistBundle
import PlistCore
import PlistRules
import Testing

@testable import PlistCLI

/// `lint` of many inputs works on every core, and what it prints is what one input after
/// another prints, byte for byte.
@Suite struct ParallelLintTests {
  /// An Info.plist whose findings depend on `n`: a misspelt key, a duplicate, a deprecated
  /// key or an empty name, so that neighbouring inputs report different things.
  static func info(_ n: Int) -> String {
    var keys = "\t<key>CFBundleIdentifier</key>\n\t<string>com.example.app\(n)</string>\n"
    switch n % 5 {
    case 0: keys += "\t<key>CFBundleIdentifer</key>\n\t<string>x</string>\n"
    case 1:
      keys += "\t<key>CFBundleName</key>\n\t<string>A</string>\n"
      keys += "\t<key>CFBundleName</key>\n\t<string>B</string>\n"
    case 2: keys += "\t<key>NSCalendarsUsageDescription</key>\n\t<string>calendar</string>\n"
    case 3: keys += "\t<key>CFBundleName</key>\n\t<string></string>\n"
    default: keys += "\t<key>UIRequiresFullscreen</key>\n\t<true/>\n"
    }
    return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n"
      + keys + "</dict>\n</plist>\n"
  }

  /// Writes `text` at `name` inside the harness's folder, making the folders it needs.
  @discardableResult
  func write(_ harness: CLIHarness, _ name: String, _ text: String) throws -> String {
    let url = harness.folder.appendingPathComponent(name)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
    return url.path
  }

  /// 48 inputs: Info.plists of every kind of finding, files that do not parse, a path that
  /// does not exist, and an app with nested extensions and frameworks.
  func inputs(_ harness: CLIHarness) throws -> [String] {
    var paths: [String] = []
    for n in 0..<40 {
      paths.append(try write(harness, "plists/\(n)/Info.plist", Self.info(n)))
    }
    for n in 0..<4 {
      paths.append(try write(harness, "broken/\(n)/Info.plist", "<plist><dict><key>a</key>"))
    }
    paths.append(harness.path("missing/Info.plist"))
    try write(harness, "App.app/Info.plist", Self.info(0))
    for n in 0..<12 {
      try write(harness, "App.app/PlugIns/E\(n).appex/Info.plist", Self.info(n))
      try write(harness, "App.app/Frameworks/F\(n).framework/Info.plist", Self.info(n + 1))
    }
    paths.append(harness.path("App.app"))
    paths.append(try write(harness, "last/Info.plist", Self.info(7)))
    paths.append(try write(harness, "App.entitlements", "<plist><array/></plist>"))
    return paths
  }

  /// Runs `infoscope ARGUMENTS`, serially when `serial`.
  func run(_ arguments: [String], serial: Bool) -> (Int32, BufferConsole) {
    let console = BufferConsole()
    if serial { console.variables[Parallel.serialVariable] = "1" }
    return (CLI.run(arguments, console: console), console)
  }

  @Test(arguments: ["text", "json", "sarif", "github"])
  func printsWhatSerialLintPrints(format: String) throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let paths = try inputs(harness)
    let arguments = ["lint", "--format", format] + paths
    let (serialStatus, serial) = run(arguments, serial: true)
    let (parallelStatus, parallel) = run(arguments, serial: false)
    #expect(serialStatus == ExitStatus.noInput.rawValue)  // the missing path
    #expect(parallelStatus == serialStatus)
    #expect(parallel.output == serial.output)
    #expect(parallel.errorOutput == serial.errorOutput)
    #expect(serial.errorText.contains("missing/Info.plist"))
    // Each input's findings are in the report (in the text report, in the order of the
    // inputs).
    let text = serial.outputText
    let offsets = ["plists/0/", "plists/1/", "plists/39/", "broken/3/", "App.app", "last/"].map {
      text.range(of: harness.folder.path + "/" + $0)?.lowerBound
    }
    #expect(offsets.allSatisfy { $0 != nil })
    if format == "text" {
      #expect(offsets.compactMap { $0 } == offsets.compactMap { $0 }.sorted())
    }
  }

  /// The text report's lines are rendered on the cores that found them; coloured or not,
  /// they are the lines the report renders itself.
  @Test(arguments: ["always", "never"])
  func rendersTextLinesWithTheFindings(color: String) throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let paths = try inputs(harness)
    let arguments = ["lint", "--color", color] + paths
    let (_, serial) = run(arguments, serial: true)
    let (_, parallel) = run(arguments, serial: false)
    #expect(parallel.output == serial.output)
    #expect(serial.outputText.contains("\u{1B}[") == (color == "always"))
    let finding = Finding(
      ruleID: "misspelt_key", severity: .warning, file: "Info.plist", keyPath: .root, line: 3,
      column: 2, message: "say \u{202E}what", url: "https://example.com")
    var item = LintCommand.Reported(finding: finding, path: "App.app/Info.plist")
    let rendered = LintReport.text([item], color: color == "always")
    item.textLine = LintReport.line(item, color: color == "always")
    #expect(LintReport.text([item], color: color == "always") == rendered)
    #expect(rendered.hasPrefix(item.textLine ?? "-"))
  }

  @Test func serialVariableIsReadAsAFlag() {
    #expect(!Parallel.isSerial { _ in nil })
    #expect(!Parallel.isSerial { _ in "" })
    #expect(!Parallel.isSerial { _ in "0" })
    #expect(Parallel.isSerial { _ in "1" })
    #expect(Parallel.isSerial { $0 == Parallel.serialVariable ? "yes" : nil })
  }

  @Test func mapKeepsTheOrderOfTheItems() {
    let squares = Parallel.map(1_000) { $0 * $0 }
    #expect(squares == (0..<1_000).map { $0 * $0 })
    #expect(Parallel.map(0) { $0 }.isEmpty)
    #expect(Parallel.map(3, serially: true) { $0 + 1 } == [1, 2, 3])
  }

  @Test func startsTheCostliestItemsFirst() {
    #expect(Parallel.startOrder(4, costs: nil) == [0, 1, 2, 3])
    #expect(Parallel.startOrder(4, costs: [1, 5, 5, 3]) == [1, 2, 3, 0])
    #expect(Parallel.startOrder(3, costs: [1, 2]) == [0, 1, 2])  // the wrong count: ignored
    // Results stay in index order whatever the start order.
    let costs = (0..<200).map { ($0 * 37) % 11 }
    #expect(Parallel.map(200, costs: costs) { $0 * 2 } == (0..<200).map { $0 * 2 })
  }

  @Test func estimatesFoldersAboveFiles() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let small = try write(harness, "small/Info.plist", Self.info(1))
    let large = try write(
      harness, "large/Info.plist", Self.info(1) + String(repeating: " ", count: 4_000))
    try write(harness, "App.app/Info.plist", Self.info(0))
    #expect(LintCommand.estimatedCost(of: large) > LintCommand.estimatedCost(of: small))
    #expect(LintCommand.estimatedCost(of: harness.path("App.app")) == Int.max)
    #expect(LintCommand.estimatedCost(of: harness.path("missing")) == 0)
  }

  /// A bundle given after many files, and an `.xcarchive` of apps with nested bundles: the
  /// bundles are started first and walked on several cores, and the report is still in the
  /// order of the inputs, byte for byte.
  @Test(arguments: ["text", "json"])
  func bundlesGivenLastReportInTheirPlace(format: String) throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    var paths: [String] = []
    for n in 0..<20 {
      paths.append(try write(harness, "plists/\(n)/Info.plist", Self.info(n)))
    }
    let archive = "Build.xcarchive/Products/Applications"
    for app in 0..<3 {
      try write(harness, "\(archive)/A\(app).app/Info.plist", Self.info(app))
      for n in 0..<6 {
        try write(harness, "\(archive)/A\(app).app/PlugIns/E\(n).appex/Info.plist", Self.info(n))
        try write(
          harness, "\(archive)/A\(app).app/PlugIns/E\(n).appex/Frameworks/F.framework/Info.plist",
          Self.info(n + app))
      }
    }
    try write(harness, "Build.xcarchive/Info.plist", "<plist><dict/></plist>")
    paths.append(harness.path("Build.xcarchive"))
    try write(harness, "Last.app/Info.plist", Self.info(3))
    for n in 0..<10 {
      try write(harness, "Last.app/Frameworks/F\(n).framework/Info.plist", Self.info(n))
    }
    paths.append(harness.path("Last.app"))
    let arguments = ["lint", "--format", format] + paths
    let (serialStatus, serial) = run(arguments, serial: true)
    let (parallelStatus, parallel) = run(arguments, serial: false)
    #expect(parallelStatus == serialStatus)
    #expect(parallel.output == serial.output)
    #expect(parallel.errorOutput == serial.errorOutput)
    let text = serial.outputText
    let offsets = ["plists/0/", "plists/19/", "Build.xcarchive", "Last.app"].map {
      text.range(of: harness.folder.path + "/" + $0)?.lowerBound
    }
    #expect(offsets.allSatisfy { $0 != nil })
    if format == "text" {
      #expect(offsets.compactMap { $0 } == offsets.compactMap { $0 }.sorted())
    }
  }

  @Test func walkerReadsTheSameTreeEitherWay() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    try write(harness, "App.app/Info.plist", Self.info(1))
    for n in 0..<16 {
      try write(harness, "App.app/PlugIns/E\(n).appex/Info.plist", Self.info(n))
      try write(harness, "App.app/PlugIns/E\(n).appex/Foo.bundle/Info.plist", Self.info(n + 1))
    }
    let serial = try BundleLoader.load(path: harness.path("App.app"), parallel: false)
    let parallel = try BundleLoader.load(path: harness.path("App.app"), parallel: true)
    func paths(_ bundle: AppBundle) -> [String] { bundle.allFiles.map(\.path) }
    #expect(paths(serial).count == 33)
    #expect(paths(parallel) == paths(serial))
    var linter = Linter()
    linter.isParallel = false
    #expect(Linter().lint(parallel) == linter.lint(serial))
  }

  @Test func linterFindsTheSameInABundleEitherWay() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    try write(harness, "App.app/Info.plist", Self.info(1))
    for n in 0..<30 {
      try write(harness, "App.app/PlugIns/E\(n).appex/Info.plist", Self.info(n))
    }
    let bundle = try BundleLoader.load(path: harness.path("App.app"))
    var serial = Linter()
    serial.isParallel = false
    let expected = serial.lint(bundle)
    #expect(expected.count >= 30)
    #expect(Linter().lint(bundle) == expected)
  }
}
