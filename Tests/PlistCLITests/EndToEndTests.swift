import Foundation
import PlistCore
import TestSupport
import Testing

@testable import PlistCLI

private typealias T = TreeBuilder

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

  private func run(_ arguments: [String]) throws -> Run {
    let executable = try #require(Self.executable, "infoscope is not built beside the tests")
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    // Read both pipes before waiting so a large output cannot fill a pipe and block the child.
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Run(
      status: process.terminationStatus, output: String(decoding: outData, as: UTF8.self),
      error: String(decoding: errData, as: UTF8.self))
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

  @Test
  func demoPrintsTheSampleTreeWhenNotATerminal() throws {
    let result = try run(["--demo"])
    #expect(result.status == 0)
    #expect(
      result.output.hasPrefix(
        "dictionary (24 entries)\n  CFBundleDevelopmentRegion: string \"en\"\n"))
    #expect(result.output.contains("  NSMicrophoneUsageDescription: string \"\"\n"))
    #expect(result.output.contains("CFBundleURLName: string \"$(PRODUCT_BUNDLE_IDENTIFIER)\"\n"))
  }
}

@Suite struct DemoBundleTests {
  @Test func isAnXMLInfoPlistWithThingsToFind() {
    let text = DemoBundle.infoPlist
    let format = Array(text.utf8).withUnsafeBytes { PlistReader.sniff($0) }
    #expect(format == .xml)
    #expect(text.contains("<key>NSMicrophoneUsageDescription</key>\n\t<string></string>"))
    #expect(text.contains("<string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>"))
    #expect(text.contains("<key>UISupportedInterfaceOrientations</key>"))
    #expect(text.contains("<key>CFBundleURLTypes</key>"))
  }

  @Test func demoPrintsWhatTheReaderGives() {
    let root = T.dict([("CFBundleIdentifier", T.string("org.example.trailhead"))])
    let console = BufferConsole()
    var seenFile: String?
    let status = CLI.run(["--demo"], console: console) { (data, file) throws(PlistError) in
      seenFile = file
      #expect(String(decoding: data, as: UTF8.self) == DemoBundle.infoPlist)
      return PlistDocument(root: root, format: .xml)
    }
    #expect(status == 0)
    #expect(seenFile == "Trailhead.app/Info.plist")
    #expect(
      console.outputText
        == "dictionary (1 entry)\n  CFBundleIdentifier: string \"org.example.trailhead\"\n")
  }

  @Test
  func sampleIsInCanonicalLayout() throws {
    let document = try PlistReader.read(Data(DemoBundle.infoPlist.utf8))
    #expect(try XMLPlistWriter.write(document.root) == Array(DemoBundle.infoPlist.utf8))
  }
}
