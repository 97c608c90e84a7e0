// libFuzzer target for the argument parser (Sources/TickCLI/Parsing/ArgumentParser.swift),
// compiled from its sources with fuzz/arguments/Shims.swift by fuzz/run.sh. The input is
// split at NUL bytes into words, parsed against two command shapes (`tick add`'s: a
// variadic title, options with short names, repeating options, flags; and one with an
// optional then a variadic positional). Besides "no crash", it checks that a line that
// parses holds only declared keys, a non-repeating option at most once, and that the same
// values written back as `--key=value` words, flags and positionals after `--` parse to
// the same result.

let addShape: [ArgumentDefinition] = [
    .positional("title", variadic: true, help: "title"),
    .option("list", short: "l", value: "name", help: "list"),
    .option("due", short: "d", value: "date", help: "due"),
    .option("tag", short: "t", value: "tag", repeating: true, help: "tag"),
    .option("alarm", short: "a", value: "offset", repeating: true, help: "alarm"),
    .flag("flag", short: "f", help: "flag"),
    .flag("json", help: "json"),
    .flag("help", short: "h", help: "help"),
]

let optionalShape: [ArgumentDefinition] = [
    .positional("name", optional: true, help: "name"),
    .positional("rest", optional: true, variadic: true, help: "rest"),
    .option("to", value: "position", help: "to"),
    .flag("force", help: "force"),
]

func check(_ words: [String], _ definitions: [ArgumentDefinition]) {
    guard let parsed = try? ArgumentParser.parse(words, definitions: definitions, commandPath: "fuzz") else { return }
    let keys = Set(definitions.map(\.key))
    for key in parsed.values.keys where !keys.contains(key) { fatalError("undeclared key \(key) from \(words)") }
    for key in parsed.flags where !keys.contains(key) { fatalError("undeclared flag \(key) from \(words)") }
    var again: [String] = []
    for definition in definitions where !definition.isPositional {
        switch definition.kind {
        case .flag:
            if parsed.has(definition.key) { again.append("--" + definition.key) }
        case .option(let repeating):
            let values = parsed.all(definition.key)
            if !repeating, values.count > 1 { fatalError("--\(definition.key) twice from \(words)") }
            again += values.map { "--" + definition.key + "=" + $0 }
        case .positional:
            break
        }
    }
    again.append("--")
    for definition in definitions where definition.isPositional { again += parsed.all(definition.key) }
    guard let reparsed = try? ArgumentParser.parse(again, definitions: definitions, commandPath: "fuzz") else {
        fatalError("\(words) parsed, but its values written back as \(again) do not")
    }
    if reparsed != parsed { fatalError("\(words) → \(parsed), written back as \(again) → \(reparsed)") }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size <= 4_096 else { return 0 }
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let words = bytes.split(separator: 0, omittingEmptySubsequences: false).prefix(64)
        .map { String(decoding: $0, as: UTF8.self) }
    check(words, addShape)
    check(words, optionalShape)
    return 0
}
