/// SQL as the common dialects write it (PostgreSQL, MySQL, SQLite, T-SQL): keywords and types in
/// any case, `--` comments, quotes doubled inside strings, parameters (`$1`, `:name`, `@name`)
/// and PostgreSQL's `$$` bodies.
extension SyntaxLanguage {
  static let sql = SyntaxLanguage(
    name: "sql",
    aliases: [
      "postgresql", "postgres", "psql", "pgsql", "plpgsql", "mysql", "sqlite", "tsql", "mssql",
      "plsql", "mariadb",
    ],
    dialect: .sql,
    keywords: [
      "add", "all", "alter", "analyze", "and", "any", "as", "asc", "begin", "between", "by",
      "call", "cascade", "case", "cast", "check", "collate", "column", "commit", "concurrently",
      "conflict", "constraint", "create", "cross", "cube", "current", "current_date",
      "current_timestamp", "cursor", "database", "declare", "default", "deferrable", "delete",
      "desc", "distinct", "do", "drop", "each", "else", "end", "escape", "except", "execute",
      "exists", "explain", "extension", "false", "fetch", "filter", "first", "following", "for",
      "foreign", "from", "full", "function", "grant", "group", "having", "if", "ilike", "in",
      "index", "inner", "insert", "intersect", "into", "is", "join", "key", "language", "last",
      "lateral", "left", "like", "limit", "loop", "materialized", "matched", "merge", "natural",
      "not", "nothing", "null", "nulls", "of", "offset", "on", "only", "or", "order", "outer",
      "over", "partition", "policy", "preceding", "primary", "procedure", "range", "recursive",
      "references", "refresh", "replace", "restrict", "return", "returning", "returns", "revoke",
      "right", "rollback", "row", "rows", "schema", "select", "sequence", "set", "show", "table",
      "tablespace", "temp", "temporary", "then", "to", "top", "transaction", "trigger", "true",
      "truncate", "unbounded", "union", "unique", "unlogged", "update", "using", "vacuum",
      "values", "view", "when", "where", "window", "with", "within", "without",
    ],
    types: [
      "bigint", "bigserial", "binary", "bit", "blob", "bool", "boolean", "bytea", "char",
      "character", "cidr", "clob", "date", "datetime", "decimal", "double", "enum", "float",
      "float4", "float8", "inet", "int", "int2", "int4", "int8", "integer", "interval", "json",
      "jsonb", "money", "nchar", "numeric", "nvarchar", "precision", "real", "serial", "smallint",
      "text", "time", "timestamp", "timestamptz", "tinyint", "uuid", "varbinary", "varchar",
      "vector", "xml", "zone", "halfvec", "sparsevec", "tsvector", "tsquery",
    ],
    strings: [
      StringOpener(
        "'", StringRule(close: ["'"], escapes: false, multiline: true, doubledQuotes: true),
        prefixes: ["E", "e", "N", "n", "B", "b", "X", "x"]),
      StringOpener("\"", StringRule(close: ["\""], escapes: false, doubledQuotes: true)),
      StringOpener("`", StringRule(close: ["`"], escapes: false)),
    ],
    lineComments: [["-", "-"]],
    caseInsensitive: true)
}

extension LineScanner {
  /// Parameters and variables (`$1`, `:name`, `@name`, `@@version`) and `$$` or `$tag$`
  /// quoted bodies.
  mutating func scanSQLSpecial(_ c: Unicode.Scalar) -> Bool {
    switch c {
    case "$":
      if let next = peek(1), isDigit(next) {
        pos += 1
        while pos < count && isDigit(s[pos]) { pos += 1 }
        emitSignificant(.attribute, .value)
        return true
      }
      // `$$` or `$body$`: a dollar-quoted string, to the same tag.
      var end = pos + 1
      while end < count && isIdentifierContinue(s[end]) && s[end] != "$" { end += 1 }
      guard end < count && s[end] == "$" else { return false }
      let tag = Array(s[pos...end])
      pos = end + 1
      scanStringLiteral(StringRule(close: tag, escapes: false, multiline: true))
      return true
    case ":":
      guard let next = peek(1), isIdentifierStart(next), pos == 0 || s[pos - 1] != ":" else {
        return false
      }
      pos += 1
      scanIdentifier()
      emitSignificant(.attribute, .value)
      return true
    default:
      return false
    }
  }
}
