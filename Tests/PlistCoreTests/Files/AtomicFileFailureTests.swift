import Foundation
import Glibc
import TestSupport
import Testing

@testable import PlistCore

/// Saves that fail midway, through ``FileOperations`` that fail on purpose.
@Suite struct AtomicFileFailureTests {
  typealias Step = FailingFileOperations.Step
  typealias FailingOperations = FailingFileOperations

  /// Real operations that write at most 3 bytes a call and are interrupted every other call.
  final class ChoppyOperations: ForwardingFileOperations, @unchecked Sendable {
    let real = SystemFileOperations()
    private let lock = NSLock()
    private var calls = 0
    var writeCalls: Int { lock.withLock { calls } }

    func write(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer) throws(SystemError) -> Int {
      let call = lock.withLock {
        calls += 1
        return calls
      }
      if call % 2 == 1 { throw SystemError(EINTR) }
      return try real.write(descriptor, UnsafeRawBufferPointer(rebasing: buffer.prefix(3)))
    }
  }

  static let reasons: [Step: String] = [
    .create: "Input/output error while creating a temporary file in",
    .write: "No space left on device while writing the temporary file",
    .synchronize: "Input/output error while flushing it to disk",
    .changeMode: "Operation not permitted while setting its permissions",
    .close: "Input/output error while closing it",
    .exchange: "Input/output error while swapping it with the original",
    .rename: "Input/output error while renaming it over the original",
  ]

  @Test(arguments: Step.allCases)
  func failureMidwayLeavesTheOriginalAndNoTemporaryFile(step: Step) throws {
    let folder = try TemporaryFolder("atomicfile").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/Info.plist"
    try AtomicFileTests.put("original\n", at: path, mode: 0o640)
    let fingerprint = try AtomicFile.fingerprint(path: path)
    let code =
      switch step {
      case .write: ENOSPC
      case .changeMode: EPERM
      default: EIO
      }
    let error = #expect(throws: FileError.self) {
      try AtomicFile.write(
        Array("new content\n".utf8), to: path, expecting: fingerprint,
        operations: FailingOperations(step: step, code: code))
    }
    #expect(error?.kind == .writeFailed)
    let reason = try #require(Self.reasons[step])
    #expect(
      error?.message.hasPrefix("\(path) was not saved: \(reason)") == true,
      "\(error?.message ?? "")")
    #expect(try AtomicFileTests.contents(path) == "original\n")
    #expect(AtomicFileTests.mode(path) == 0o640)
    #expect(try AtomicFile.fingerprint(path: path) == fingerprint)
    #expect(try AtomicFileTests.names(folder) == ["Info.plist"])
  }

  @Test func retriesPartialAndInterruptedWrites() throws {
    let folder = try TemporaryFolder("atomicfile").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/Info.plist"
    try AtomicFileTests.put("old", at: path)
    let content = Array("a longer content, written three bytes at a time\n".utf8)
    let operations = ChoppyOperations()
    try AtomicFile.write(content, to: path, expecting: nil, operations: operations)
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(content))
    #expect(operations.writeCalls == 2 * ((content.count + 2) / 3))
    #expect(try AtomicFileTests.names(folder) == ["Info.plist"])
  }
}
