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
    guard let input = context.readBytes(options.input) else { return .noInput }
    let converted: Converted
    if let streamed = rewrite(input, options, context: context) {
      converted = streamed
    } else {
      converted = convertTree(input, options, context: context)
    }
    let bytes: [UInt8]
    switch converted {
    case .output(let output): bytes = output
    case .failed(let status): return status
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

  /// A conversion's output, or the exit status of its failure (its error already written).
  private enum Converted {
    case output([UInt8])
    case failed(ExitStatus)
  }

  /// The output for `input` read as a tree.
  ///
  /// What conversions from ASCII or JSON do. Warns of repeated keys; on failure writes the error and answers the exit status.
  private static func convertTree(
    _ input: [UInt8], _ options: ConvertOptions, context: CLI.Context
  ) -> Converted {
    let name = CLI.displayName(options.input)
    var document: PlistDocument
    do {
      document = try context.read(input, name)
    } catch {
      context.console.write("\(error.inFile(name))\n", to: .error)
      return .failed(.noInput)
    }
    FinishedTrees.keep(document.root)
    let census = document.census ?? document.root.census
    if census.repeatsAKey { warnOfRepeatedKeys(in: document.root, options, context: context) }
    let sizeHint = estimatedSize(of: document, census: census, as: options.format)
    // The input's text is not needed to write the tree: it is let go before the output is
    // made, so the two never take memory at once (the peak is the tree and the larger of them).
    document.text = []
    do {
      return .output(try encode(document.root, as: options.format, sizeHint: sizeHint))
    } catch {
      context.console.write("\(error.inFile(name))\n", to: .error)
      return .failed(.cannotCreate)
    }
  }

  /// The output for XML or binary `input`, written as the input is read.
  ///
  /// No tree is built (`PlistRewrite`); repeated keys are found on the way. Nil when the input
  /// is neither XML nor binary.
  private static func rewrite(
    _ input: [UInt8], _ options: ConvertOptions, context: CLI.Context
  ) -> Converted? {
    let name = CLI.displayName(options.input)
    do {
      let format: PlistRewrite.Output =
        switch options.format {
        case .xml: .xml
        case .json: .json
        case .binary: .binary
        }
      guard let output = try PlistRewrite.rewrite(input, to: format) else { return nil }
      warn(of: output.repeats, options, context: context)
      return .output(output.bytes)
    } catch {
      context.console.write("\(error.inFile(name))\n", to: .error)
      // The writers' one error: a UID (written as a dictionary) past the deepest level.
      return .failed(error.message == PlistLimits.tooDeepToWrite ? .cannotCreate : .noInput)
    }
  }

  /// Writes a warning for every key a dictionary of `root` holds more than once.
  private static func warnOfRepeatedKeys(
    in root: PlistNode, _ options: ConvertOptions, context: CLI.Context
  ) {
    warn(of: root.repeatedKeys, options, context: context)
  }

  /// The most repeated-key warnings `convert` writes; the rest are counted in one line.
  static let maxRepeatWarnings = 100

  /// Writes a warning for each repeated key: the dictionary's path (`KeyPath.abbreviated`), the
  /// key and its count; past `maxRepeatWarnings`, one line with the number left.
  ///
  /// A crafted file of 100,000 nested dictionaries, each repeating a key, made gigabytes of
  /// warnings with whole paths: each line grows with the depth and their number too.
  private static func warn(
    of repeats: [RepeatedKey], _ options: ConvertOptions,
    context: CLI.Context
  ) {
    if repeats.count > maxRepeatWarnings {
      context.console.write(
        "\(CLI.displayName(options.input)): warning: \(repeats.count) keys are repeated in "
          + "their dictionaries; the first \(maxRepeatWarnings) follow, and 'infoscope lint' "
          + "reports every one\n", to: .error)
    }
    for repeated in repeats.prefix(maxRepeatWarnings) {
      // The key as a key path writes it, so quotes and backslashes in it are escaped.
      let written = KeyPath([.key(repeated.key)]).description
      let shown = written.hasPrefix("\"") ? written : "\"\(written)\""
      let place = repeated.path.isRoot ? "the root dictionary" : repeated.pathText
      context.console.write(
        "\(CLI.displayName(options.input)): warning: the key \(shown) appears "
          + "\(repeated.count) times in \(place); all are written, and "
          + "readers disagree on which one counts\n", to: .error)
    }
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

  /// A guess at the output's size, for `encode`'s `sizeHint`: the text's own size and a quarter
  /// (`PlistRewrite.headroom`) when the input is text and the output XML or JSON, about 40 bytes
  /// a node otherwise; for binary output, the number of nodes.
  static func estimatedSize(
    of document: PlistDocument, census: PlistCensus, as format: ConvertOptions.Format
  ) -> Int {
    switch format {
    case .binary: census.nodes
    case .xml, .json:
      document.text.isEmpty
        ? census.nodes &* 40 &+ 256 : PlistRewrite.headroom(document.text.count)
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
