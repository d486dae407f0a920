import Foundation
import PlistCore

/// `infoscope convert FILE --to xml|binary|json [-o OUT | --in-place]`.
///
/// XML is the canonical layout (`XMLPlistWriter`, what `plutil -convert xml1` writes, with the
/// source's key order kept); JSON is `JSONPlistWriter`'s pretty form. Output goes to standard
/// output unless `-o OUT` names a file or `--in-place` replaces the input. Files are written
/// atomically (`FileIO.writeAtomically`: temporary file, fsync, rename, permissions kept), so
/// a failure leaves the old file whole. `-o` naming the input itself (or a link to it) is
/// refused unless `--in-place` is given.
package enum ConvertCommand {
  /// Runs the command.
  ///
  /// - Returns: `.success`; `.usage` when `-o` names the input; `.noInput` when the input
  ///   cannot be read or parsed; `.cannotCreate` when the value cannot be written in the format
  ///   or the output cannot be written.
  static func run(_ options: ConvertOptions, context: CLI.Context) -> ExitStatus {
    if case .file(let path) = options.destination, options.input != "-",
      isSameFile(path, options.input)
    {
      context.console.write(
        "infoscope: error: -o names the input \(options.input); "
          + "use --in-place to replace it\n\n" + CLI.usage(for: .convert), to: .error)
      return .usage
    }
    guard let document = context.readInput(options.input) else { return .noInput }
    let bytes: [UInt8]
    do {
      bytes = try encode(document.root, as: options.format)
    } catch {
      context.console.write("\(error.inFile(CLI.displayName(options.input)))\n", to: .error)
      return .cannotCreate
    }
    let target: String
    switch options.destination {
    case .standardOutput:
      guard context.console.write(bytes, to: .output) else {
        context.console.write("infoscope: error: cannot write to standard output\n", to: .error)
        return .cannotCreate
      }
      return .success
    case .file(let path):
      target = path
    case .inPlace:
      target = options.input
    }
    do {
      try FileIO.writeAtomically(bytes, to: target)
    } catch {
      context.console.write(
        "\(target): error: cannot write the file: \(error.reason)\n", to: .error)
      return .cannotCreate
    }
    return .success
  }

  /// The bytes of `root` in `format`.
  ///
  /// - Throws: `PlistError` when the tree nests beyond `PlistLimits.maxDepth`, or of kind
  ///   `.unsupported` for a value the format cannot hold.
  package static func encode(
    _ root: PlistNode, as format: ConvertOptions.Format
  ) throws(PlistError) -> [UInt8] {
    switch format {
    case .xml:
      return try XMLPlistWriter.write(root)
    case .json:
      return try JSONPlistWriter.write(root, pretty: true)
    case .binary:
      return try BinaryPlistWriter.write(root)
    }
  }

  /// True when `output` is the input file: the same inode, or the same path once made absolute.
  private static func isSameFile(_ output: String, _ input: String) -> Bool {
    if FileIO.sameFile(output, input) { return true }
    let a = URL(fileURLWithPath: output).standardizedFileURL.resolvingSymlinksInPath().path
    let b = URL(fileURLWithPath: input).standardizedFileURL.resolvingSymlinksInPath().path
    return a == b
  }
}
