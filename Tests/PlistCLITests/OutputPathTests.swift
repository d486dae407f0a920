import Foundation
import Glibc
import PlistBundle
import PlistCore
import PlistRules
import Testing

@testable import PlistCLI

/// `convert -o` and `set` at every kind of path.
///
/// One-character names, `-`, FIFOs, devices, sockets, folders, read-only and hard-linked
/// files. Special files are made in the test's own folder, never taken from `/dev`.
@Suite struct OutputPathTests {
  static let value = ConvertCommandTests.value

  @Test func aOneCharacterRelativeNameIsWritten() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let file = try harness.writeXML(Self.value, named: "in.plist")
    let previous = FileManager.default.currentDirectoryPath
    #expect(chdir(harness.path("")) == 0)
    defer { _ = chdir(previous) }
    let run = harness.run(["convert", file, "--to", "json", "-o", "q"])
    #expect(run.status == 0, "\(run.console.errorText)")
    #expect(try harness.names() == ["in.plist", "q"])
  }

  @Test func dashIsStandardOutput() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let file = try harness.writeXML(Self.value, named: "in.plist")
    let run = harness.run(["convert", file, "--to", "json", "-o", "-"])
    #expect(run.status == 0)
    #expect(run.console.outputText.hasPrefix("{"))
    #expect(try harness.names() == ["in.plist"])
  }

  @Test(.enabled(if: geteuid() == 0, "only root can make a device node"))
  func aDeviceNodeStaysADevice() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let file = try harness.writeXML(Self.value, named: "in.plist")
    let node = harness.path("null")
    #expect(mknod(node, S_IFCHR | 0o666, dev_t((1 << 8) | 3)) == 0)
    let link = harness.path("stdout-like")
    #expect(symlink(node, link) == 0)
    for target in [node, link] {
      let run = harness.run(["convert", file, "--to", "xml", "-o", target])
      #expect(run.status == 0, "\(run.console.errorText)")
    }
    var info = stat()
    #expect(lstat(node, &info) == 0 && info.st_mode & S_IFMT == S_IFCHR)
    #expect(lstat(link, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK)
    #expect(try harness.names() == ["in.plist", "null", "stdout-like"])
  }

  @Test func aFIFOGetsTheBytes() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let file = try harness.writeXML(Self.value, named: "in.plist")
    let fifo = harness.path("out.fifo")
    #expect(mkfifo(fifo, 0o600) == 0)
    let received = Received()
    let reader = Thread {
      let descriptor = open(fifo, O_RDONLY)
      var bytes: [UInt8] = []
      var buffer = [UInt8](repeating: 0, count: 4096)
      while true {
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count <= 0 { break }
        bytes += buffer[0..<count]
      }
      close(descriptor)
      received.set(bytes)
    }
    reader.start()
    let run = harness.run(["convert", file, "--to", "json", "-o", fifo])
    #expect(run.status == 0, "\(run.console.errorText)")
    let bytes = received.wait()
    #expect(bytes == (try ConvertCommand.encode(Self.value, as: .json)))
  }

  @Test func aFolderIsRefusedWithAMessage() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let file = try harness.writeXML(Self.value, named: "in.plist")
    try FileManager.default.createDirectory(
      atPath: harness.path("folder"), withIntermediateDirectories: false)
    let run = harness.run(["convert", file, "--to", "xml", "-o", harness.path("folder")])
    #expect(run.status == 73)
    #expect(
      run.console.errorText
        == "\(harness.path("folder")): error: the file was not saved: it is a folder, not a file\n")
  }

  @Test func aReadOnlyFileIsNotOverwrittenWithoutAWord() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let file = try harness.writeXML(Self.value, named: "in.plist")
    let out = harness.path("out.plist")
    try Data("old".utf8).write(to: URL(fileURLWithPath: out))
    #expect(chmod(out, 0o444) == 0)
    let run = harness.run(["convert", file, "--to", "xml", "-o", out])
    #expect(run.status == 73)
    #expect(
      run.console.errorText
        == "\(out): error: the file was not saved: it is read-only (mode 0444); --force writes "
        + "it anyway\n")
    #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == Data("old".utf8))
    // --force replaces it, and the mode stays as it was.
    let forced = harness.run(["convert", file, "--to", "xml", "-o", out, "--force"])
    #expect(forced.status == 0, "\(forced.console.errorText)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: out)) != Data("old".utf8))
    var info = stat()
    #expect(stat(out, &info) == 0)
    #expect(info.st_mode & 0o777 == 0o444)
  }

  /// `set` refuses a read-only file, as `convert` does, and writes it with --force.
  @Test func setWritesAReadOnlyFileOnlyWithForce() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let file = try harness.writeXML(Self.value, named: "ro.plist")
    #expect(chmod(file, 0o444) == 0)
    let refused = harness.run(["set", file, "CFBundleVersion", "42"])
    #expect(refused.status == 73)
    #expect(refused.console.errorText.contains("read-only (mode 0444)"))
    let forced = harness.run(["set", file, "CFBundleVersion", "42", "--force"])
    #expect(forced.status == 0, "\(forced.console.errorText)")
    #expect(try String(contentsOfFile: file, encoding: .utf8).contains("<string>42</string>"))
  }

  @Test func setSaysWhenAHardLinkSplitsOff() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let file = try harness.writeXML(Self.value, named: "in.plist")
    #expect(link(file, harness.path("other.plist")) == 0)
    let run = harness.run(["set", file, "CFBundleName", "Renamed"])
    #expect(run.status == 0)
    #expect(
      run.console.errorText
        == "warning: \(file) had 2 names (hard links): only this one has the new content, the "
        + "others keep the old\n")
  }

  @Test func aFIFOInputIsRefusedWithoutBlocking() throws {
    let harness = try CLIHarness()
    defer { harness.remove() }
    let fifo = harness.path("Info.plist")
    #expect(mkfifo(fifo, 0o600) == 0)
    for command in [["print", fifo], ["convert", fifo, "--to", "xml"], ["set", fifo, "A", "1"]] {
      let run = harness.run(command)
      #expect(run.status == 66, "\(command)")
      #expect(run.console.errorText.contains("it is a FIFO (named pipe)"), "\(command)")
    }
  }
}

/// Bytes handed from a reader thread.
final class Received: @unchecked Sendable {
  private let done = DispatchSemaphore(value: 0)
  private var bytes: [UInt8] = []

  func set(_ value: [UInt8]) {
    bytes = value
    done.signal()
  }

  func wait() -> [UInt8] {
    done.wait()
    return bytes
  }
}

/// `lint` when the Info.plist it needs cannot be read: an error finding with the reason and a
/// failing exit status, never `0 errors` (special files are made in the test's own folder).
@Suite struct UnreadableInputLintTests {
  @Test(arguments: ["dangling link", "link out of the bundle", "FIFO", "folder", "device"])
  func anInfoPlistThatCannotBeReadFailsLint(kind: String) throws {
    if kind == "device", geteuid() != 0 { return }
    let harness = try CLIHarness()
    defer { harness.remove() }
    let app = harness.path("App.app")
    try FileManager.default.createDirectory(atPath: app, withIntermediateDirectories: false)
    let info = app + "/Info.plist"
    switch kind {
    case "dangling link": #expect(symlink("missing.plist", info) == 0)
    case "link out of the bundle":
      _ = try harness.writeXML(ConvertCommandTests.value, named: "outside.plist")
      #expect(symlink("../outside.plist", info) == 0)
    case "FIFO": #expect(mkfifo(info, 0o600) == 0)
    case "folder":
      try FileManager.default.createDirectory(atPath: info, withIntermediateDirectories: false)
    default: #expect(mknod(info, S_IFCHR | 0o600, dev_t((1 << 8) | 3)) == 0)
    }
    let run = harness.run(["lint", app])
    #expect(run.status == 1, "\(kind): \(run.console.outputText)")
    #expect(run.console.outputText.contains("error: the Info.plist could not be read: "), "\(kind)")
    #expect(run.console.outputText.contains("[unreadable_property_list]"), "\(kind)")
  }

  @Test func aMissingExecutableIsNotThisFinding() throws {
    let file = BundleFile(
      path: "App.app/App", role: .executable, problem: BundleError(.notFound, "missing"))
    #expect(!Linter.mustBeRead(file, BundleError(.notFound, "missing")))
    #expect(Linter.mustBeRead(file, BundleError(.malformed, "not a Mach-O file")))
    let icon = BundleFile(path: "App.app/i.png", role: .iconImage)
    #expect(!Linter.mustBeRead(icon, BundleError(.notFound, "missing")))
  }
}
