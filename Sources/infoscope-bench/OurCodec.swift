import Foundation
import PlistCore

/// infoscope's own codec as the bench drives it: the one place that names our readers and
/// writers, so switching the bench to new entry points touches only this file.
enum OurCodec {
  /// Reads a property list of any format from `bytes`.
  ///
  /// - Throws: `PlistError` from the reader.
  static func parse(_ bytes: [UInt8], file: String) throws(PlistError) -> PlistNode {
    try PlistReader.read(bytes: bytes, file: file).root
  }

  /// Writes `root` in `format` and returns the number of bytes produced.
  ///
  /// - Throws: `PlistError` from the writer.
  static func write(_ root: PlistNode, as format: BenchFormat) throws(PlistError) -> Int {
    switch format {
    case .xml: try XMLPlistWriter.write(root).count
    case .binary: try BinaryPlistWriter.write(root).count
    }
  }
}
