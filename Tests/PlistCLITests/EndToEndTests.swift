import Foundation
import PlistCore
import TestSupport
import Testing

@testable import PlistCLI

/// Runs the built `infoscope` executable, found beside the test bundle.
@Suite struct EndToEndTests {
  /// The executable: next to the test bundle (`.build/<triple>/debug`), or in `.build/debug`.
  static let executable: URL? = {
    let packageRoot = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let candidates = [
      Bundle.main.bundleURL.appendingPathComponent("infoscope"),
      Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("infoscope"),
      packageRoot.appendingPathComponent(".build/debug/infoscope"),
    ]
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }()

  struct Run {
    var status: Int32
    var output: String
    var error: String
  }

  /// Runs the built executable with nothing on its standard input.
  ///
  /// - Parameters:
  ///   - arguments: its arguments.
  ///   - environment: variables added to this process's environment.
  ///   - directory: its working directory; `nil` keeps this process's.
  /// - Returns: its status and both outputs.
  /// - Throws: when it is not built or cannot start.
  static func runBinary(
    _ arguments: [String], environment: [String: String] = [:], in directory: URL? = nil
  ) throws -> ProcessRunner.Result {
    let executable = try #require(Self.executable, "infoscope is not built beside the tests")
    return try ProcessRunner.run(
      executable, arguments, environment: environment, directory: directory)
  }

  private func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Run {
    let result = try Self.runBinary(arguments, environment: environment)
    return Run(status: result.status, output: result.outputText, error: result.errorText)
  }

  @Test func versionAndHelpExit0() throws {
    let version = try run(["--version"])
    #expect(version.status == 0)
    #expect(version.output == "infoscope \(CLI.version)\n")
    let help = try run(["help", "convert"])
    #expect(help.status == 0)
    #expect(help.output == CLI.help(for: .convert))
  }

  @Test func badUsageExits64() throws {
    let none = try run([])
    #expect(none.status == 64)
    #expect(none.output.isEmpty)
    #expect(none.error.hasPrefix("infoscope: error: missing a command\n"))
    let bad = try run(["convert", "x.plist"])
    #expect(bad.status == 64)
    #expect(bad.error.hasPrefix("infoscope: error: convert needs --to xml, binary or json\n"))
  }

  @Test func missingInputExits66() throws {
    let result = try run(["print", "/nonexistent/Info.plist"])
    #expect(result.status == 66)
    #expect(
      result.error
        == "/nonexistent/Info.plist: error: cannot read the file: No such file or directory\n")
  }

  @Test
  func printsAndConvertsAFileWrittenByOurWriter() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let file = try harness.writeXML(CLITests.sample, named: "Info.plist")
    let printed = try run(["print", file])
    #expect(printed.status == 0)
    #expect(printed.output == CLITests.sampleTree)
    let converted = try run(["convert", file, "--to", "xml"])
    #expect(converted.status == 0)
    #expect(
      converted.output == String(decoding: try XMLPlistWriter.write(CLITests.sample), as: UTF8.self)
    )
  }

  /// libzip (with libcrypto behind it) and ncursesw are loaded when a command needs them, not
  /// at start: the dynamic loader's own log (`LD_DEBUG=files`) names every library it maps,
  /// those opened with dlopen included, as the `.ipa` run shows.
  @Test
  func loadsLibzipLibcryptoAndNcursesOnlyWhenNeeded() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let file = try harness.writeXML(CLITests.sample, named: "Info.plist")
    let loaderLog = ["LD_DEBUG": "files"]
    let printed = try run(["print", file], environment: loaderLog)
    #expect(printed.status == 0)
    for library in ["libzip.so", "libcrypto.so", "libncursesw.so", "libtinfo.so"] {
      #expect(!printed.error.contains("file=\(library)"), "print loaded \(library)")
    }
    let ipa = harness.path("App.ipa")
    let archive = try ZipBuilder()
      .file("Payload/App.app/Info.plist", text: "<plist><dict/></plist>").build()
    try Data(archive).write(to: URL(fileURLWithPath: ipa))
    let listed = try run(["files", ipa], environment: loaderLog)
    #expect(listed.status == 0)
    #expect(listed.error.contains("file=libzip.so"))
    #expect(listed.error.contains("file=libcrypto.so"))
    #expect(!listed.error.contains("file=libncursesw.so"))
  }

  /// Standard output is a pipe here, so no UI starts: the sample's lint report comes out.
  @Test
  func demoPrintsTheLintReportWhenNotATerminal() throws {
    let result = try run(["--demo", "--theme", "dark"])
    #expect(result.status == 1)
    #expect(result.error.isEmpty)
    let lines = result.output.split(separator: "\n").map(String.init)
    #expect(lines.count == DemoBundle.faults.count + 1)
    #expect(
      lines.first
        == "Trailhead.app/Info.plist:59:4: error: \"$(PRODUCT_BUNDLE_IDENTIFIER)\" was not "
        + "replaced when the bundle was built and ships as written; define the build setting or "
        + "write the value itself [unresolved_placeholder]")
    #expect(lines.last == "5 errors, 4 warnings, 1 note")
  }
}
