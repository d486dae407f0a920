// fuzz-modules: PlistCore
// fuzz-seeds:
// fuzz-builtin: keypath
import PlistCore

/// Key-path syntax (`a.b[2].c`); a parsed path must read back the same from its description.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  guard let path = try? PlistCore.KeyPath(parsing: text) else { return 0 }
  guard let again = try? PlistCore.KeyPath(parsing: path.description), again == path else {
    fatalError("key path \(path.components) does not read back from \(path.description)")
  }
  return 0
}
