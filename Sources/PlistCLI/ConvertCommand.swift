import Foundation
import PlistBundle
import PlistCore

/// `infoscope convert FILE --to xml|binary|json [-o OUT | --in-place]`.
///
/// XML is the canonical layout (`XMLPlistWriter`, what `plutil -convert xml1` writes, with the
/// source's key order kept); JSON is `JSONPlistWriter`'s pretty form. Output goes to standard
/// output unless `-o OUT` names a file or `--in-place` replaces the input. Files are written
/// atomically by the one writer (`AtomicFile.write`: temporary file, fsync, swap, folder fsync,
/// owner, mode and extended attributes kept), so a failure leaves the old file whole; `-o`
/// naming a character device or FIFO writes through it, a folder or socket is refused, and a
/// read-only file is refused. `-o` naming the input itself (or a link to it) is refused unless
/// `--in-place` is given.
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
    if options.format == .binary, options.destination == .standardOutput,
      context.console.isTerminal(.output)
    {
      context.console.write(
        "infoscope: error: not writing a binary property list to a terminal; give -o OUT\n\n"
          + CLI.usage(for: .convert), to: .error)
      return .usage
    }
    if options.input != "-", BundleLoader.opensAsContainer(options.input) {
      context.console.write(
        "\(options.input): error: this input holds more than one property list; convert takes "
          + "one: see 'infoscope files \(options.input)' and print one with --file\n\n"
          + CLI.usage(for: .convert), to: .error)
      return .usage
    }
    guard var document = context.readInput(options.input) else { return .noInput }
    FinishedTrees.keep(document.root)
    let census = document.census ?? document.root.census
    for (path, key, count) in census.repeatsAKey ? duplicateKeys(in: document.root) : [] {
      context.console.write(
        "\(CLI.displayName(options.input)): warning: the key \"\(key)\" appears \(count) times "
          + "in \(path.isRoot ? "the root dictionary" : path.description); all are written, and "
          + "readers disagree on which one counts\n", to: .error)
    }
    let sizeHint = estimatedSize(of: document, census: census, as: options.format)
    // The input's text is not needed to write the tree: it is let go before the output is
    // made, so the two never take memory at once (the peak is the tree and the larger of them).
    document.text = []
    let bytes: [UInt8]
    do {
      bytes = try encode(document.root, as: options.format, sizeHint: sizeHint)
    } catch {
      context.console.write("\(error.inFile(CLI.displayName(options.input)))\n", to: .error)
      return .cannotCreate
    }
    let target: String
    switch options.destination {
    case .standardOutput:
      guard context.console.writeData(bytes, to: .output) else {
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
      let notes = try FileIO.writeAtomically(bytes, to: target, overwriteReadOnly: options.force)
      for note in notes { context.console.write("warning: \(note)\n", to: .error) }
    } catch {
      var reason = error.reason
      if reason.hasPrefix(target + " ") { reason = "the file" + reason.dropFirst(target.count) }
      if error.fileError?.kind == .readOnly { reason += "; --force writes it anyway" }
      context.console.write("\(target): error: \(reason)\n", to: .error)
      return .cannotCreate
    }
    return .success
  }

  /// The bytes of `root` in `format`.
  ///
  /// - Parameters:
  ///   - root: the tree to write.
  ///   - format: the output format.
  ///   - sizeHint: the expected output size in bytes, reserved up front (nil: the writer's
  ///     own guess); for binary output, the expected number of objects.
  /// - Returns: the whole output file.
  /// - Throws: `PlistError` when the tree nests beyond `PlistLimits.maxDepth`, or of kind
  ///   `.unsupported` for a value the format cannot hold.
  package static func encode(
    _ root: PlistNode, as format: ConvertOptions.Format, sizeHint: Int? = nil
  ) throws(PlistError) -> [UInt8] {
    switch format {
    case .xml:
      return try XMLPlistWriter.write(root, capacity: sizeHint)
    case .json:
      return try JSONPlistWriter.write(root, pretty: true, capacity: sizeHint)
    case .binary:
      return try BinaryPlistWriter.write(root, expectedObjects: sizeHint)
    }
  }

  /// A guess at the output's size, for `encode`'s `sizeHint`: the text's own size when the
  /// input is text and the output XML or JSON (canonical layouts differ little from it), about
  /// 40 bytes a node otherwise; for binary output, the number of nodes.
  static func estimatedSize(
    of document: PlistDocument, census: PlistCensus, as format: ConvertOptions.Format
  ) -> Int {
    switch format {
    case .binary: census.nodes
    case .xml, .json:
      document.text.isEmpty ? census.nodes &* 40 &+ 256 : document.text.count &+ 256
    }
  }

  /// Every key written more than once in a dictionary of the tree: the dictionary's path, the
  /// key and how many times.
  static func duplicateKeys(in root: PlistNode) -> [(KeyPath, String, Int)] {
    var found: [(KeyPath, String, Int)] = []
    root.walk { node, path in
      if case .dictionary(let d) = node.value {
        for duplicate in d.duplicateKeys {
          found.append((path, duplicate.key, duplicate.indices.count))
        }
      }
      return true
    }
    return found
  }

  /// True when `output` is the input file: the same inode, or the same path once made absolute.
  private static func isSameFile(_ output: String, _ input: String) -> Bool {
    if FileIO.sameFile(output, input) { return true }
    let a = URL(fileURLWithPath: output).standardizedFileURL.resolvingSymlinksInPath().path
    let b = URL(fileURLWithPath: input).standardizedFileURL.resolvingSymlinksInPath().path
    return a == b
  }
}
