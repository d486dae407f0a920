import Foundation
import PlistCore

/// Short builders of expected values for the binary codec tests.
enum BinaryTestNode {
  static func string(_ s: String) -> PlistNode { PlistNode(.string(s)) }
  static func int(_ i: Int64) -> PlistNode { PlistNode(.integer(PlistInteger(i))) }
  static func uint(_ u: UInt64) -> PlistNode { PlistNode(.integer(PlistInteger(u))) }
  static func real(_ r: Double) -> PlistNode { PlistNode(.real(r)) }
  static func bool(_ b: Bool) -> PlistNode { PlistNode(.boolean(b)) }
  static func data(_ bytes: [UInt8]) -> PlistNode { PlistNode(.data(Data(bytes))) }
  static func uid(_ u: UInt64) -> PlistNode { PlistNode(.uid(u)) }
  static func array(_ items: [PlistNode]) -> PlistNode { PlistNode(.array(items)) }
  static func dict(_ entries: [(String, PlistNode)]) -> PlistNode {
    PlistNode(.dictionary(PlistDictionary(entries.map { PlistEntry(key: $0.0, node: $0.1) })))
  }
  static func date(
    _ year: Int64, _ month: Int64, _ day: Int64, _ hour: Int64, _ minute: Int64, _ second: Int64
  ) -> PlistNode {
    let date = PlistDate(
      year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    return PlistNode(.date(date))
  }

  /// Reads `bytes` through the format sniffer, returning the document or the error.
  static func read(_ bytes: [UInt8]) -> Result<PlistDocument, PlistError> {
    do {
      return .success(try PlistReader.read(Data(bytes)))
    } catch {
      return .failure(error)
    }
  }

  /// The error reading `bytes`, or nil when they read.
  static func error(_ bytes: [UInt8]) -> PlistError? {
    if case .failure(let error) = read(bytes) { return error }
    return nil
  }

  /// A `bplist00` file around `objects` (each an encoded object), with the offset table and
  /// trailer computed; widths are given so fixtures can pick odd ones.
  static func file(
    _ objects: [[UInt8]], top: UInt64 = 0, offsetWidth: Int = 1, referenceWidth: Int = 1
  ) -> [UInt8] {
    var out = Array("bplist00".utf8)
    var offsets: [Int] = []
    for object in objects {
      offsets.append(out.count)
      out += object
    }
    let table = out.count
    for offset in offsets { out += bigEndian(UInt64(offset), offsetWidth) }
    out += [0, 0, 0, 0, 0, 0, UInt8(offsetWidth), UInt8(referenceWidth)]
    out += bigEndian(UInt64(objects.count), 8) + bigEndian(top, 8) + bigEndian(UInt64(table), 8)
    return out
  }

  static func bigEndian(_ value: UInt64, _ width: Int) -> [UInt8] {
    (0..<width).map { UInt8(truncatingIfNeeded: value >> UInt64(8 * (width - 1 - $0))) }
  }
}
