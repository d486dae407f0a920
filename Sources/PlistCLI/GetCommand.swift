import Foundation
import PlistBundle
import PlistCore

/// `infoscope get PATH [--file REL] KEYPATH [--format raw|xml|json]`: one value, for scripts.
///
/// The raw form follows `plutil -extract KEYPATH raw`, one value and a newline:
/// - a string as it is (UTF-8, line breaks included); an integer in decimal; a boolean as
///   `true` or `false`; a date in RFC 3339 UTC (`2004-10-26T10:33:33Z`, with a fraction only
///   when there is one); data as standard base64; a UID as its number;
/// - a real in the shortest form that reads back to the same number (`3.0`, `0.1`, `nan`,
///   `inf`, `-inf`), where plutil prints six decimals and loses small values;
/// - a dictionary: its keys, one per line, in the file's order (plutil sorts them), a key
///   written twice once; an array: its number of items.
///
/// On a terminal, controls, bidirectional controls and invisible format characters are shown
/// as escapes (`VisibleEscaping`); into a pipe or a file the raw form is exact.
///
/// `--format xml` prints the subtree as an XML property list in Apple's layout, `--format
/// json` as JSON (`JSONPlistWriter`). PATH may be a bundle, archive or project, whose main
/// Info.plist is read unless `--file` names another file inside it, as `print` does.
package enum GetCommand {
  /// Runs the command.
  ///
  /// - Returns: `.success`; `.notFound` when the key path names nothing; `.noInput` when the
  ///   input cannot be read or parsed; `.cannotCreate` when the value cannot be written in the
  ///   format or standard output refuses it.
  static func run(_ options: GetOptions, context: CLI.Context) -> ExitStatus {
    let name = CLI.displayName(options.input)
    let node: PlistNode
    switch value(options, context: context) {
    case .found(let found): node = found
    case .failed(let status): return status
    }
    let bytes: [UInt8]
    do {
      switch options.format {
      case .raw: bytes = Array(raw(node.value).utf8)
      case .xml: bytes = try XMLPlistWriter.write(node)
      case .json: bytes = try JSONPlistWriter.write(node, pretty: true)
      }
    } catch {
      context.console.write("\(error.inFile(name))\n", to: .error)
      return .cannotCreate
    }
    // On a terminal the value is text to read: the one rule escapes what would steer the
    // terminal (a dictionary's keys one a line each). Into a pipe or a file the raw form is
    // data for a script and stays exact, as plutil's.
    let written: Bool
    if context.console.isTerminal(.output), options.format == .raw,
      case .dictionary(let d) = node.value
    {
      var seen: Set<String> = []
      let keys = d.keys.filter { seen.insert($0).inserted }
      written = context.console.write(
        keys.map { VisibleEscaping.line($0) + "\n" }.joined(), to: .output)
    } else {
      written = context.console.writeData(bytes, to: .output)
    }
    guard written else {
      context.console.write("infoscope: error: cannot write to standard output\n", to: .error)
      return .cannotCreate
    }
    return .success
  }

  /// The node a `get` names, or the exit status of its failure (its error already written).
  private enum Lookup {
    case found(PlistNode)
    case failed(ExitStatus)
  }

  /// The node `options.keyPath` names in the input.
  ///
  /// A property list file in XML or binary is read without building its tree
  /// (`PlistLookup`); a bundle's file, ASCII and JSON are read as trees, as is a file where
  /// the key path names nothing, to say why.
  private static func value(_ options: GetOptions, context: CLI.Context) -> Lookup {
    let name = CLI.displayName(options.input)
    let document: PlistDocument
    if options.input != "-", options.file != nil || BundleLoader.opensAsContainer(options.input) {
      guard let loaded = BundleInput.document(options.input, file: options.file, context: context)
      else { return .failed(.noInput) }
      document = loaded
    } else {
      guard let bytes = context.readBytes(options.input) else { return .failed(.noInput) }
      do {
        if case .found(let node)? = try PlistLookup.node(at: options.keyPath, in: bytes) {
          FinishedTrees.keep(node)
          return .found(node)
        }
        document = try context.read(bytes, name)
      } catch {
        context.console.write("\(error.inFile(name))\n", to: .error)
        return .failed(.noInput)
      }
    }
    FinishedTrees.keep(document.root)
    guard let node = document.root.node(at: options.keyPath) else {
      let why = document.root.explainMissing(options.keyPath) ?? "it names nothing"
      context.console.write(
        "\(name): error: nothing at key path '\(options.keyPath)': \(why)\n", to: .error)
      return .failed(.notFound)
    }
    return .found(node)
  }

  /// The raw text of `value`, ending in a newline (see the type's description); nothing for a
  /// dictionary without keys.
  package static func raw(_ value: PlistValue) -> String {
    if case .dictionary(let d) = value {
      var seen: Set<String> = []
      return d.keys.filter { seen.insert($0).inserted }.map { $0 + "\n" }.joined()
    }
    return scalarText(value) + "\n"
  }

  /// One line of raw text for a value other than a dictionary.
  private static func scalarText(_ value: PlistValue) -> String {
    switch value {
    case .string(let s): return s
    case .integer(let i): return i.description
    case .real(let r):
      if r.isNaN { return "nan" }
      if r.isInfinite { return r < 0 ? "-inf" : "inf" }
      return r.description
    case .boolean(let b): return b ? "true" : "false"
    case .date(let d): return d.iso8601String
    case .data(let d): return d.base64EncodedString()
    case .uid(let n): return String(n)
    case .array(let items): return String(items.count)
    case .dictionary(let d): return String(d.count)
    }
  }
}
