import Foundation
import Glibc
import TestSupport
import Testing

@testable import PlistCore

/// The one writer at its edges: special files as the target, read-only files, hard links,
/// extended attributes and setuid, stale temporary files, a write racing the swap, the
/// file-size limit, and inputs that are not regular files or are too large.
///
/// Special files are made in each test's own temporary folder (`mkfifo`, `mknod`), never taken
/// from `/dev`.
@Suite struct AtomicFileEdgeTests {
  typealias T = AtomicFileTests

  // MARK: Special files as the target

  @Test func aFIFOIsWrittenThroughNotReplaced() throws {
    let folder = try TemporaryFolder("atomicfile").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let fifo = folder + "/out.fifo"
    #expect(mkfifo(fifo, 0o600) == 0)
    let link = folder + "/link"
    #expect(symlink("out.fifo", link) == 0)
    for target in [fifo, link] {
      let reader = Reader(fifo)
      let report = try AtomicFile.write(Array("through the pipe\n".utf8), to: target)
      #expect(report.wroteThrough)
      #expect(reader.finish() == "through the pipe\n")
      var info = stat()
      #expect(lstat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
    }
    var info = stat()
    #expect(lstat(link, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK)
    #expect(try T.names(folder) == ["link", "out.fifo"])
  }

  @Test(.enabled(if: geteuid() == 0, "only root can make a device node"))
  func aCharacterDeviceIsWrittenThroughNotReplaced() throws {
    let folder = try TemporaryFolder("atomicfile").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    // The null device's numbers (1, 3), as a node of this test's own folder.
    let node = folder + "/null"
    #expect(mknod(node, S_IFCHR | 0o666, device(1, 3)) == 0)
    let report = try AtomicFile.write(Array("discarded".utf8), to: node)
    #expect(report.wroteThrough)
    var info = stat()
    #expect(lstat(node, &info) == 0 && info.st_mode & S_IFMT == S_IFCHR)
    #expect(info.st_rdev == device(1, 3))
    #expect(try T.names(folder) == ["null"])
  }

  @Test func aSocketAndABlockDeviceAreRefused() throws {
    let folder = try TemporaryFolder("atomicfile").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let socketPath = folder + "/s.sock"
    let server = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(server) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      for (i, byte) in socketPath.utf8.enumerated() where i < raw.count - 1 { raw[i] = byte }
    }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(server, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    #expect(bound == 0)
    #expect(
      throws: FileError(.refused, "\(socketPath) was not saved: it is a socket, not a file")
    ) { try AtomicFile.write([1], to: socketPath) }
    if geteuid() == 0 {
      let block = folder + "/disk"
      #expect(mknod(block, S_IFBLK | 0o600, device(7, 200)) == 0)
      #expect(
        throws: FileError(.refused, "\(block) was not saved: it is a block device, not a file")
      ) { try AtomicFile.write([1], to: block) }
    }
  }

  /// A path with nothing to name is refused, never a trap (the bare one-character name that
  /// trapped in the CLI's old writer is tested there, as `convert -o q`).
  @Test(arguments: ["a/", "", "/"])
  func pathsThatNameNoFileAreRefused(path: String) throws {
    #expect(throws: FileError.self) { try AtomicFile.write([0x41], to: path) }
  }

  @Test func aVeryLongNameGetsATemporaryNameWithinTheLimit() throws {
    let folder = try TemporaryFolder("atomicfile").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let name = String(repeating: "é", count: 127)  // 254 bytes
    try AtomicFile.write(Array("x".utf8), to: folder + "/" + name)
    try AtomicFile.write(Array("y".utf8), to: folder + "/" + name)
    #expect(try T.contents(folder + "/" + name) == "y")
    #expect(try T.names(folder) == [name])
  }

  // MARK: What a replaced file keeps

  @Test func aReadOnlyFileIsReplacedOnlyWhenAllowed() throws {
    let folder = try TemporaryFolder("atomicfile").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/Info.plist"
    try T.put("old", at: path, mode: 0o444)
    #expect(
      throws: FileError(.readOnly, "\(path) was not saved: it is read-only (mode 0444)")
    ) { try AtomicFile.write(Array("new".utf8), to: path) }
    #expect(try T.contents(path) == "old")
    try AtomicFile.write(
      Array("new".utf8), to: path, options: AtomicFile.Options(overwriteReadOnly: true))
    #expect(try T.contents(path) == "new")
    #expect(T.mode(path) == 0o444)
  }

  @Test func aHardLinkedFileIsReportedAndTheOtherNameKeepsItsBytes() throws {
    let folder = try TemporaryFolder("atomicfile").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/Info.plist"
    try T.put("old", at: path)
    #expect(link(path, folder + "/other-name.plist") == 0)
    let report = try AtomicFile.write(Array("new".utf8), to: path)
    #expect(
      report.notes == [
        "\(path) had 2 names (hard links): only this one has the new content, the others keep "
          + "the old"
      ])
    #expect(try T.contents(path) == "new")
    #expect(try T.contents(folder + "/other-name.plist") == "old")
  }

  @Test func extendedAttributesAndSetuidAreKept() throws {
    let folder = try TemporaryFolder("atomicfile").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/tool"
    try T.put("old", at: path, mode: 0o4755)
    let operations = SystemFileOperations()
    let descriptor = open(path, O_RDONLY)
    defer { close(descriptor) }
    do {
      try operations.setAttribute("user.infoscope.test", Array("kept".utf8), on: descriptor)
    } catch {
      // A file system without user attributes: nothing to keep, nothing lost.
      Issue.record("extended attributes unavailable here: \(error.text)")
      return
    }
    let report = try AtomicFile.write(Array("new".utf8), to: path)
    #expect(report.notes.isEmpty)
    #expect(try operations.attribute("user.infoscope.test", of: path) == Array("kept".utf8))
    #expect(T.mode(path) == 0o4755)
  }

  @Test func anAttributeThatCannotBeCopiedIsReported() throws {
    let folder = try TemporaryFolder("atomicfile").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/Info.plist"
    try T.put("old", at: path)
    let report = try AtomicFile.write(
      Array("new".utf8), to: path, operations: AttributeOperations())
    #expect(
      report.notes == [
        "\(path): the extended attribute user.x was not kept (Operation not supported)"
      ]
    )
    #expect(try T.contents(path) == "new")
  }

  // MARK: Stale temporary files and races

  @Test func aKilledSavesTemporaryFileIsRemovedByTheNextSaveButALiveOneIsNot() throws {
    let folder = try TemporaryFolder("atomicfile").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/Info.plist"
    try T.put("old", at: path)
    let stale = folder + "/.Info.plist.infoscope-AbC123"
    let live = folder + "/.Info.plist.infoscope-LiVe42"
    let unrelated = folder + "/.Other.plist.infoscope-AbC123"
    for each in [stale, live, unrelated] { try T.put("partial", at: each) }
    // A save in progress holds its lock.
    let held = open(live, O_RDONLY)
    defer { close(held) }
    #expect(flock(held, LOCK_EX) == 0)
    try AtomicFile.write(Array("new".utf8), to: path)
    #expect(
      try T.names(folder) == [
        ".Info.plist.infoscope-LiVe42", ".Other.plist.infoscope-AbC123", "Info.plist",
      ])
  }

  /// Folder entries are read up to their own end: names of every length from 1 to 255 bytes
  /// beside the temporaries. (Copying each entry's whole 256-byte name field read past the
  /// folder buffer's end, and `convert -o` into a large folder crashed when that buffer ended
  /// a mapped page.)
  @Test func staleTemporariesAreFoundAmongNamesOfEveryLength() throws {
    let folder = try TemporaryFolder("atomicfile").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let name = String(repeating: "n", count: 200) + ".plist"
    let path = folder + "/" + name
    try T.put("old", at: path)
    for length in 1...255 {
      try T.put("", at: folder + "/" + String(repeating: "x", count: length))
    }
    let stale = folder + "/" + AtomicFile.temporaryPrefix(name) + "AbC123"
    let short = folder + "/" + AtomicFile.temporaryPrefix("Info.plist") + "AbC123"
    for each in [stale, short] { try T.put("partial", at: each) }
    #expect(AtomicFile.removeStaleTemporaries(of: path) == [stale])
    #expect(AtomicFile.removeStaleTemporaries(of: folder + "/Info.plist") == [short])
    #expect(try T.names(folder).count == 256)
  }

  @Test func aWriteBetweenTheCheckAndTheSwapIsKeptAndReported() throws {
    let folder = try TemporaryFolder("atomicfile").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/Info.plist"
    try T.put("as read", at: path)
    let fingerprint = try AtomicFile.fingerprint(path: path)
    let operations = RacingOperations(path: path, text: "written by another program")
    #expect(
      throws: FileError(
        .changedOnDisk,
        "\(path) was changed by another program while it was being saved; its version is kept "
          + "and the save was undone")
    ) {
      try AtomicFile.write(
        Array("ours".utf8), to: path, expecting: fingerprint, operations: operations)
    }
    #expect(try T.contents(path) == "written by another program")
    #expect(try T.names(folder) == ["Info.plist"])
  }

  @Test func theFileSizeLimitIsAnErrorNotASignal() throws {
    let folder = try TemporaryFolder("atomicfile").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/Info.plist"
    try T.put("old", at: path)
    let error = #expect(throws: FileError.self) {
      try AtomicFile.write(Array("new".utf8), to: path, operations: FileSizeLimit())
    }
    #expect(
      error?.message
        == "\(path) was not saved: File too large (the file-size limit, ulimit -f, is below its "
        + "size) while writing the temporary file")
    #expect(try T.contents(path) == "old")
    #expect(try T.names(folder) == ["Info.plist"])
    // The signal the kernel sends with EFBIG is ignored from the first write on.
    var action = sigaction()
    #expect(sigaction(SIGXFSZ, nil, &action) == 0)
    #expect(unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self) == 1)  // SIG_IGN
  }

  // MARK: Reading

  @Test func aFIFOInputIsRefusedWithoutBlocking() throws {
    let folder = try TemporaryFolder("atomicfile").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let fifo = folder + "/Info.plist"
    #expect(mkfifo(fifo, 0o600) == 0)
    #expect(
      throws: FileError(.readFailed, "\(fifo) could not be read: it is a FIFO (named pipe)")
    ) { try AtomicFile.read(path: fifo) }
    #expect(throws: FileError.self) { try AtomicFile.read(path: folder) }
  }

  @Test func aFileOverTheLimitIsRefusedFromItsSizeBeforeReading() throws {
    let folder = try TemporaryFolder("atomicfile").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/big.plist"
    // Sparse: 5 GB of size, no blocks; a read of it would take 4 GiB of memory.
    #expect(creat(path, 0o644) >= 0)
    #expect(truncate(path, 5_000_000_000) == 0)
    #expect(
      throws: FileError(
        .tooLarge,
        "\(path) could not be read: it is 5000000000 bytes, over the 4 GiB infoscope reads")
    ) { try AtomicFile.read(path: path) }
  }

  @Test func aStreamStopsAtTheLimit() throws {
    var pair: [Int32] = [0, 0]
    #expect(pipe(&pair) == 0)
    let ends = pair
    let writer = Thread {
      let chunk = [UInt8](repeating: 0x41, count: 4096)
      // Writes until the reader closes its end (EPIPE; SIGPIPE is ignored by the test below).
      while chunk.withUnsafeBytes({ write(ends[1], $0.baseAddress, $0.count) }) > 0 {}
      close(ends[1])
    }
    signal(SIGPIPE, SIG_IGN)
    writer.start()
    #expect(
      throws: FileError(
        .tooLarge,
        "standard input could not be read: it holds more, over the 65536 bytes infoscope reads")
    ) { try AtomicFile.readAll(descriptor: ends[0], limit: 65_536, name: "standard input") }
    close(ends[0])
  }
}

// MARK: - Helpers

/// glibc's `makedev` (a macro Swift does not import) for small numbers.
private func device(_ major: UInt32, _ minor: UInt32) -> dev_t {
  dev_t((major << 8) | (minor & 0xFF) | ((minor & ~0xFF) << 12))
}

/// Reads a FIFO to its end on another thread.
private final class Reader: @unchecked Sendable {
  private let done = DispatchSemaphore(value: 0)
  private var text = ""

  init(_ path: String) {
    Thread { [self] in
      let descriptor = open(path, O_RDONLY)
      var bytes: [UInt8] = []
      var buffer = [UInt8](repeating: 0, count: 4096)
      while true {
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count <= 0 { break }
        bytes += buffer[0..<count]
      }
      close(descriptor)
      text = String(decoding: bytes, as: UTF8.self)
      done.signal()
    }.start()
  }

  func finish() -> String {
    done.wait()
    return text
  }
}

/// Real operations, except that another program writes the file just before the swap.
private final class RacingOperations: ForwardingFileOperations, @unchecked Sendable {
  let path: String
  let text: String
  let real = SystemFileOperations()
  private var fired = false

  init(path: String, text: String) {
    self.path = path
    self.text = text
  }

  func exchange(_ source: String, with destination: String) throws(SystemError) {
    if !fired {
      fired = true
      // The other program writes in place, after the check and before the swap.
      let descriptor = open(path, O_WRONLY | O_TRUNC)
      _ = Array(text.utf8).withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
      Glibc.close(descriptor)
    }
    try real.exchange(source, with: destination)
  }
}

/// Real operations whose writes fail as they do past `ulimit -f`.
private struct FileSizeLimit: ForwardingFileOperations {
  let real = SystemFileOperations()

  func write(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer) throws(SystemError) -> Int {
    throw SystemError(EFBIG)
  }
}

/// Real operations on a file that has one attribute the temporary file cannot take.
private struct AttributeOperations: ForwardingFileOperations {
  let real = SystemFileOperations()

  func attributeNames(_ path: String) throws(SystemError) -> [String] { ["user.x"] }
  func attribute(_ name: String, of path: String) throws(SystemError) -> [UInt8] { [1] }
  func setAttribute(_ name: String, _ value: [UInt8], on descriptor: Int32) throws(SystemError) {
    throw SystemError(ENOTSUP)
  }
}
