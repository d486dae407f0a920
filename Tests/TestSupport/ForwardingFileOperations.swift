import PlistCore

/// File operations that pass every call to the system's (`real`) unless the type says
/// otherwise: a fault test implements only the call it breaks.
package protocol ForwardingFileOperations: FileOperations {
  /// The system's calls, which the others go to.
  var real: SystemFileOperations { get }
}

extension ForwardingFileOperations {
  /// Forwards to ``real``.
  package func makeTemporaryFile(
    template: String
  ) throws(SystemError) -> (descriptor: Int32, path: String) {
    try real.makeTemporaryFile(template: template)
  }
  /// Forwards to ``real``.
  package func write(
    _ descriptor: Int32, _ buffer: UnsafeRawBufferPointer
  ) throws(SystemError)
    -> Int
  {
    try real.write(descriptor, buffer)
  }
  /// Forwards to ``real``.
  package func synchronize(_ descriptor: Int32) throws(SystemError) {
    try real.synchronize(descriptor)
  }
  /// Forwards to ``real``.
  package func changeOwner(_ descriptor: Int32, user: UInt32, group: UInt32) throws(SystemError) {
    try real.changeOwner(descriptor, user: user, group: group)
  }
  /// Forwards to ``real``.
  package func changeMode(_ descriptor: Int32, _ mode: UInt32) throws(SystemError) {
    try real.changeMode(descriptor, mode)
  }
  /// Forwards to ``real``.
  package func close(_ descriptor: Int32) throws(SystemError) { try real.close(descriptor) }
  /// Forwards to ``real``.
  package func rename(_ source: String, to destination: String) throws(SystemError) {
    try real.rename(source, to: destination)
  }
  /// Forwards to ``real``.
  package func remove(_ path: String) throws(SystemError) { try real.remove(path) }
  /// Forwards to ``real``.
  package func synchronizeDirectory(_ path: String) throws(SystemError) {
    try real.synchronizeDirectory(path)
  }
  /// Forwards to ``real``.
  package func exchange(_ source: String, with destination: String) throws(SystemError) {
    try real.exchange(source, with: destination)
  }
  /// Forwards to ``real``.
  package func attributeNames(_ path: String) throws(SystemError) -> [String] {
    try real.attributeNames(path)
  }
  /// Forwards to ``real``.
  package func attribute(_ name: String, of path: String) throws(SystemError) -> [UInt8] {
    try real.attribute(name, of: path)
  }
  /// Forwards to ``real``.
  package func setAttribute(
    _ name: String, _ value: [UInt8], on descriptor: Int32
  ) throws(SystemError) {
    try real.setAttribute(name, value, on: descriptor)
  }
}
