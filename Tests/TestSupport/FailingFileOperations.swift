import Foundation
import PlistCore

/// The system's file calls, except that one step fails with an error code.
///
/// They stand for a full disk, an I/O error or a file system that cannot swap, in the writers'
/// and the inspector's fault tests.
package struct FailingFileOperations: ForwardingFileOperations {
  /// The step at which the operations fail.
  package enum Step: String, Sendable, CaseIterable {
    case create, write, synchronize, changeMode, close, exchange, rename
  }

  /// The step that fails.
  package let step: Step
  /// The `errno` it fails with.
  package let code: Int32
  /// The system's calls, which the others go to.
  package let real = SystemFileOperations()

  /// Operations whose `step` fails with `code`.
  package init(step: Step, code: Int32) {
    self.step = step
    self.code = code
  }

  package func makeTemporaryFile(
    template: String
  ) throws(SystemError)
    -> (descriptor: Int32, path: String)
  {
    if step == .create { throw SystemError(code) }
    return try real.makeTemporaryFile(template: template)
  }
  package func write(
    _ descriptor: Int32, _ buffer: UnsafeRawBufferPointer
  ) throws(SystemError) -> Int {
    if step == .write { throw SystemError(code) }
    return try real.write(descriptor, buffer)
  }
  package func synchronize(_ descriptor: Int32) throws(SystemError) {
    if step == .synchronize { throw SystemError(code) }
    try real.synchronize(descriptor)
  }
  package func changeMode(_ descriptor: Int32, _ mode: UInt32) throws(SystemError) {
    if step == .changeMode { throw SystemError(code) }
    try real.changeMode(descriptor, mode)
  }
  package func close(_ descriptor: Int32) throws(SystemError) {
    try real.close(descriptor)
    if step == .close { throw SystemError(code) }
  }
  package func rename(_ source: String, to destination: String) throws(SystemError) {
    if step == .rename { throw SystemError(code) }
    try real.rename(source, to: destination)
  }
  package func exchange(_ source: String, with destination: String) throws(SystemError) {
    // `rename` fails on a file system that cannot swap (EINVAL), so the writer renames.
    if step == .exchange { throw SystemError(code) }
    if step == .rename { throw SystemError(EINVAL) }
    try real.exchange(source, with: destination)
  }
}
