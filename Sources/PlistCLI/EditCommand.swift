import Foundation
import PlistBundle
import PlistCore
import PlistEditing
import PlistRules

/// `infoscope set|remove|rename FILE KEYPATH …`: one change to one property-list file, made
/// through the editor's engine (`Document`) and saved as the inspector saves.
///
/// - The file is read with its fingerprint (`AtomicFile.read`), changed as one `Document` step
///   and written with `AtomicFile.write(expecting:)`: atomically, permissions kept, and refused
///   when the file changed on disk meanwhile.
/// - The format stays the file's own unless `--format` says otherwise: XML is written by the
///   format-preserving writer, so only the lines of the changed node differ; binary stays binary
///   (scripts expect the format unchanged; the inspector's default of XML does not apply here).
/// - Old-style ASCII files (`.strings`, `project.pbxproj`) are refused, as the editor refuses
///   them; a bundle, archive or project is refused: the file inside it must be named.
/// - An empty file is taken as an empty XML property list, so `touch` then `set` builds a file.
/// - `-` as FILE reads standard input and writes the result to standard output.
/// - `--dry-run` prints the unified diff (`a/FILE`, `b/FILE`) and writes nothing; for a binary
///   file it is the diff of the XML forms, which standard error says.
/// - Nothing is printed on success; when the change leaves the bytes as they were, the file is
///   not written at all.
package enum EditCommand {
  /// Why the command stopped: the whole line for standard error, and the exit status.
  struct Failure: Error {
    var status: ExitStatus
    var line: String
    /// Show the subcommand's usage after the line (for the usage errors, 64).
    var usage: Subcommand? = nil
  }

  /// Runs the command.
  ///
  /// - Returns: `.success` (also for a dry run); `.findings` (1) when the key path names
  ///   nothing or the value, the key or the file is refused; `.usage` for a bundle or a binary
  ///   result bound for a terminal; `.noInput` when FILE cannot be read or parsed;
  ///   `.cannotCreate` when the result cannot be written.
  static func run(_ options: EditOptions, context: CLI.Context) -> ExitStatus {
    do {
      try perform(options, context: context)
      return .success
    } catch {
      let usage = error.usage.map { "\n" + CLI.usage(for: $0) } ?? ""
      context.console.write(error.line + "\n" + usage, to: .error)
      return error.status
    }
  }

  private static func perform(_ options: EditOptions, context: CLI.Context) throws(Failure) {
    let input = options.input
    let name = CLI.displayName(input)
    let command = options.subcommand
    if input != "-", BundleLoader.opensAsContainer(input) {
      throw Failure(
        status: .usage,
        line: "\(input): error: this input holds more than one property list; "
          + "\(command.rawValue) changes one file: name the file inside it "
          + "('infoscope files \(input)' lists them)",
        usage: command)
    }
    let source = try read(input, console: context.console)
    let plist: PlistDocument
    do {
      plist = try context.read(source.bytes.isEmpty ? emptyPlist : source.bytes, name)
    } catch {
      throw Failure(status: .noInput, line: "\(error.inFile(name))")
    }
    var document = Document(plist, path: input == "-" ? nil : input)
    if let reason = document.readOnlyReason {
      throw Failure(status: .findings, line: "\(name): error: \(reason); nothing was changed")
    }
    if let edit = try plan(options.action, root: document.root, name: name) {
      do {
        try document.perform(command.rawValue, [edit])
      } catch {
        throw Failure(status: .findings, line: "\(name): error: \(error.message)")
      }
    }
    let format = options.format ?? (plist.format == .binary ? .binary : .xml)
    let bytes: [UInt8]
    do {
      bytes = try document.bytes(as: format)
    } catch {
      throw Failure(status: .cannotCreate, line: "\(error.inFile(name))")
    }
    if options.dryRun {
      try printDiff(
        old: source.bytes, new: bytes, documents: (plist.root, document.root),
        binary: plist.format == .binary || format == .binary, name: name, console: context.console)
    } else if input == "-" {
      if format == .binary, context.console.isTerminal(.output) {
        throw Failure(
          status: .usage,
          line: "infoscope: error: not writing a binary property list to a terminal; redirect "
            + "standard output or give --format xml", usage: command)
      }
      guard context.console.writeData(bytes, to: .output) else {
        throw Failure(
          status: .cannotCreate, line: "infoscope: error: cannot write to standard output")
      }
    } else if bytes != source.bytes {
      do {
        let report = try AtomicFile.write(
          bytes, to: input,
          options: AtomicFile.Options(
            expecting: source.fingerprint, overwriteReadOnly: options.force))
        for note in report.notes { context.console.write("warning: \(note)\n", to: .error) }
      } catch {
        let hint = error.kind == .readOnly ? "; --force writes it anyway" : ""
        throw Failure(
          status: .cannotCreate, line: "\(input): error: \(aboutTheFile(error, input))\(hint)")
      }
    }
  }

  /// An empty XML property list holding an empty dictionary, read in place of an empty file.
  private static let emptyPlist: [UInt8] = Array(
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" \
    "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict/>
    </plist>

    """.utf8)

  /// The bytes of FILE and their fingerprint (none for standard input).
  private static func read(
    _ input: String, console: any Console
  ) throws(Failure) -> (bytes: [UInt8], fingerprint: FileFingerprint?) {
    if input == "-" {
      guard let bytes = console.readStandardInput() else {
        throw Failure(status: .noInput, line: "<stdin>: error: cannot read standard input")
      }
      return (bytes, nil)
    }
    // Temporary files of saves that were killed are found and removed when the file is opened.
    AtomicFile.removeStaleTemporaries(of: input)
    do {
      let (bytes, fingerprint) = try AtomicFile.read(path: input)
      return (bytes, fingerprint)
    } catch {
      throw Failure(status: .noInput, line: "\(input): error: \(aboutTheFile(error, input))")
    }
  }

  /// `error`'s message with the path it starts with said as "the file" (the line already
  /// starts with the path).
  private static func aboutTheFile(_ error: FileError, _ path: String) -> String {
    error.message.hasPrefix(path + " ")
      ? "the file " + error.message.dropFirst(path.count + 1) : error.message
  }

  /// The diff of a dry run, on standard output.
  private static func printDiff(
    old: [UInt8], new: [UInt8], documents: (old: PlistNode, new: PlistNode), binary: Bool,
    name: String, console: any Console
  ) throws(Failure) {
    var before = old
    var after = new
    if binary {
      console.write(
        "\(name): note: the file is or becomes a binary property list; the diff shows its XML "
          + "form\n", to: .error)
      do {
        before = try XMLPlistWriter.write(documents.old)
        after = try XMLPlistWriter.write(documents.new)
      } catch {
        throw Failure(status: .cannotCreate, line: "\(error.inFile(name))")
      }
    }
    var shown = name
    while shown.hasPrefix("/") || shown.hasPrefix("./") {
      shown.removeFirst(shown.hasPrefix("/") ? 1 : 2)
    }
    let diff = UnifiedDiff.make(
      old: before, new: after, oldName: "a/" + shown, newName: "b/" + shown)
    guard console.write(diff, to: .output) else {
      throw Failure(
        status: .cannotCreate, line: "infoscope: error: cannot write to standard output")
    }
  }
}
