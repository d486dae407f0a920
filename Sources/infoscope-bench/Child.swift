import Foundation
import PlistCore

/// The two serialisations the bench measures.
enum BenchFormat: String, Sendable, Codable, CaseIterable {
  case xml
  case binary

  /// The cached file's extension.
  var fileExtension: String { self == .xml ? "xml" : "bplist" }
}

/// What a measured run does with its input.
enum BenchOperation: String, Sendable, Codable {
  /// Parse the bytes into a tree.
  case parse
  /// Parse, then write the tree back in the same format.
  case roundtrip
}

/// The child process of the bench: `infoscope-bench --child IMPL OP FORMAT FILE BUDGET`.
///
/// It reads FILE into memory first, then repeats OP until BUDGET seconds of measured work have
/// passed (at least once), and prints `seconds=<best single run> iterations=<n>` on standard
/// output. Process start and file reading are never timed. IMPL is `ours` or `foundation`
/// (`PropertyListSerialization`); `baseline` does nothing, to show the process's own footprint.
enum Child {
  /// The in-process implementations a child can run.
  enum Implementation: String {
    case ours
    case foundation
    case baseline
  }

  /// Runs the child with the arguments after `--child`.
  ///
  /// - Returns: the exit status: 0 measured, 1 the implementation failed, 64 bad arguments.
  static func main(_ arguments: [String]) -> Int32 {
    guard let implementation = arguments.first.flatMap(Implementation.init(rawValue:)) else {
      return usage()
    }
    if implementation == .baseline {
      print("seconds=0 iterations=0")
      return 0
    }
    guard arguments.count == 5, let operation = BenchOperation(rawValue: arguments[1]),
      let format = BenchFormat(rawValue: arguments[2]), let budget = Double(arguments[4])
    else {
      return usage()
    }
    let path = arguments[3]
    // Each implementation gets the input in the form it reads without copying: ours a byte
    // array (as `infoscope` reads files), Foundation's a `Data`.
    let input: Input
    if implementation == .ours {
      guard let bytes = try? PlistReader.readFile(path) else {
        printError("cannot read \(path)")
        return 1
      }
      input = .bytes(bytes)
    } else {
      guard let data = FileManager.default.contents(atPath: path) else {
        printError("cannot read \(path)")
        return 1
      }
      input = .data(data)
    }
    let clock = ContinuousClock()
    var best = Double.infinity
    var spent = 0.0
    var iterations = 0
    var checksum = 0
    repeat {
      // The result stays alive until the clock is read, so freeing the tree is not timed
      // (as for the Python and libplist peers).
      let start = clock.now
      let result: (value: Any, size: Int)
      do {
        result = try work(implementation, operation, format, input, path)
      } catch {
        printError("\(error)")
        return 1
      }
      let seconds = (clock.now - start).seconds
      checksum &+= result.size
      best = min(best, seconds)
      spent += seconds
      iterations += 1
    } while spent < budget && iterations < 10_000
    print("seconds=\(best) iterations=\(iterations) checksum=\(checksum)")
    return 0
  }

  /// The input file, as each implementation reads it.
  private enum Input {
    case bytes([UInt8])
    case data(Data)
  }

  /// One measured run: the tree (kept alive by the caller) and a number derived from the
  /// result, so the work cannot be optimised away.
  private static func work(
    _ implementation: Implementation, _ operation: BenchOperation, _ format: BenchFormat,
    _ input: Input, _ path: String
  ) throws -> (value: Any, size: Int) {
    let data: Data
    switch input {
    case .bytes(let bytes):
      let root = try OurCodec.parse(bytes, file: path)
      guard operation == .roundtrip else { return (root, 1) }
      return (root, try OurCodec.write(root, as: format))
    case .data(let d):
      data = d
    }
    switch implementation {
    case .ours:
      let root = try OurCodec.parse([UInt8](data), file: path)
      guard operation == .roundtrip else { return (root, 1) }
      return (root, try OurCodec.write(root, as: format))
    case .foundation:
      var read = PropertyListSerialization.PropertyListFormat.xml
      let tree = try PropertyListSerialization.propertyList(from: data, options: [], format: &read)
      guard operation == .roundtrip else { return (tree, 1) }
      let out = try PropertyListSerialization.data(
        fromPropertyList: tree, format: format == .xml ? .xml : .binary, options: 0)
      return (tree, out.count)
    case .baseline:
      return (0, 0)
    }
  }

  private static func usage() -> Int32 {
    printError(
      "usage: infoscope-bench --child ours|foundation|baseline parse|roundtrip xml|binary FILE"
        + " SECONDS"
    )
    return 64
  }
}

/// Writes `message` and a newline to standard error.
func printError(_ message: String) {
  FileHandle.standardError.write(Data((message + "\n").utf8))
}
