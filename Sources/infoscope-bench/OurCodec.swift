import Foundation
import PlistCore

/// infoscope's own codec as the bench drives it: the one place that names our readers and
/// writers, so switching the bench to new entry points touches only this file.
enum OurCodec {
  /// Reads a property list of any format from `data`.
  ///
  /// - Throws: `PlistError` from the reader.
  static func parse(_ data: Data, file: String) throws(PlistError) -> PlistNode {
    try PlistReader.read(data, file: file).root
  }

  /// Writes `root` in `format` and returns the number of bytes produced.
  ///
  /// - Throws: `PlistError` from the writer; for now, `.unsupported` ("not merged yet").
  static func write(_ root: PlistNode, as format: BenchFormat) throws(PlistError) -> Int {
    // TODO(lead): once the writers are merged, replace the two throws below with
    //   `try XMLPlistWriter.write(root).count`    (case .xml)
    //   `try BinaryPlistWriter.write(root).count` (case .binary)
    switch format {
    case .xml:
      throw PlistError(.unsupported, "the XML writer is not merged yet")
    case .binary:
      throw PlistError(.unsupported, "the binary writer is not merged yet")
    }
  }
}
