namespace MicroDb.Migrations;

/// <summary>
/// One column definition of a CREATE TABLE, split into name, declared type and constraint clauses, so a rebuild can
/// change one part (type, NOT NULL, DEFAULT, COLLATE, PRIMARY KEY) and keep every other clause as written.
/// </summary>
internal sealed class ColumnDefinition
{
    private static readonly string[] ClauseStarts = ["CONSTRAINT", "PRIMARY", "NOT", "NULL", "UNIQUE", "CHECK", "DEFAULT", "COLLATE", "REFERENCES", "GENERATED", "AS"];

    private ColumnDefinition(string name, List<string> type, List<Clause> clauses)
    {
        Name = name;
        Type = type;
        Clauses = clauses;
    }

    /// <summary>The column name, unquoted.</summary>
    public string Name { get; }

    /// <summary>The declared type's tokens (may be empty).</summary>
    public List<string> Type { get; set; }

    /// <summary>The constraint clauses in order.</summary>
    public List<Clause> Clauses { get; }

    /// <summary>True when the column is computed (<c>GENERATED ALWAYS AS</c> / <c>AS</c>): it cannot be copied.</summary>
    public bool IsGenerated => Clauses.Any(c => c.Kind is "GENERATED" or "AS");

    /// <summary>True when the column's own definition makes it the primary key.</summary>
    public bool IsPrimaryKey => Clauses.Any(c => c.Kind == "PRIMARY");

    /// <summary>True when a table-level definition (not a column) starts with these tokens.</summary>
    public static bool IsTableConstraint(List<string> tokens) =>
        tokens.Count > 0 && (SqlTokens.Is(tokens[0], "CONSTRAINT") || SqlTokens.Is(tokens[0], "PRIMARY") || SqlTokens.Is(tokens[0], "UNIQUE")
            || SqlTokens.Is(tokens[0], "CHECK") || SqlTokens.Is(tokens[0], "FOREIGN"));

    /// <summary>Parses a column definition's tokens.</summary>
    public static ColumnDefinition Parse(List<string> tokens)
    {
        var i = 1;
        var type = new List<string>();
        while (i < tokens.Count && !IsClauseStart(tokens[i]))
        {
            type.Add(tokens[i++]);
        }

        var clauses = new List<Clause>();
        string? constraintName = null;
        while (i < tokens.Count)
        {
            var start = i;
            var kind = tokens[i].ToUpperInvariant();
            if (kind == "CONSTRAINT")
            {
                constraintName = SqlTokens.Join(tokens.Skip(i).Take(2));
                i = Math.Min(i + 2, tokens.Count);
                continue;
            }

            i = ClauseEnd(tokens, i, kind);
            var text = SqlTokens.Join(tokens.Skip(start).Take(i - start));
            clauses.Add(new Clause(kind, constraintName is null ? text : constraintName + " " + text));
            constraintName = null;
        }

        return new ColumnDefinition(SqlTokens.Unquote(tokens[0]), type, clauses);
    }

    /// <summary>Removes every clause of <paramref name="kind"/> (e.g. <c>NOT</c> for NOT NULL).</summary>
    public void Remove(string kind) => Clauses.RemoveAll(c => c.Kind == kind);

    /// <summary>The definition as SQL.</summary>
    public string ToSql() =>
        string.Join(" ", new[] { Mapping.SqlBuilder.Quote(Name), SqlTokens.Join(Type) }.Concat(Clauses.Select(c => c.Text)).Where(t => t.Length > 0));

    private static bool IsClauseStart(string token) => Array.Exists(ClauseStarts, k => SqlTokens.Is(token, k));

    private static int ClauseEnd(List<string> tokens, int i, string kind)
    {
        bool Next(int at, string keyword) => at < tokens.Count && SqlTokens.Is(tokens[at], keyword);
        int Conflict(int at) => Next(at, "ON") && Next(at + 1, "CONFLICT") ? Math.Min(at + 3, tokens.Count) : at;

        switch (kind)
        {
            case "PRIMARY":
                i += 2;
                if (Next(i, "ASC") || Next(i, "DESC"))
                {
                    i++;
                }

                i = Conflict(i);
                return Next(i, "AUTOINCREMENT") ? i + 1 : i;
            case "NOT":
                return Conflict(i + 2);
            case "NULL" or "UNIQUE":
                return Conflict(i + 1);
            case "CHECK" or "COLLATE":
                return Math.Min(i + 2, tokens.Count);
            case "DEFAULT":
                i++;
                if (i < tokens.Count && tokens[i] is "+" or "-")
                {
                    i++;
                }

                return Math.Min(i + 1, tokens.Count);
            case "REFERENCES":
                i += 2;
                if (i < tokens.Count && tokens[i][0] == '(')
                {
                    i++;
                }

                while (i < tokens.Count)
                {
                    if (Next(i, "ON"))
                    {
                        i += Next(i + 2, "SET") || Next(i + 2, "NO") ? 4 : 3;
                    }
                    else if (Next(i, "MATCH"))
                    {
                        i += 2;
                    }
                    else if (Next(i, "NOT") && Next(i + 1, "DEFERRABLE"))
                    {
                        i++;
                    }
                    else if (Next(i, "DEFERRABLE"))
                    {
                        i += Next(i + 1, "INITIALLY") ? 3 : 1;
                    }
                    else
                    {
                        break;
                    }
                }

                return Math.Min(i, tokens.Count);
            case "GENERATED" or "AS":
                while (i < tokens.Count && tokens[i][0] != '(')
                {
                    i++;
                }

                i++;
                return Next(i, "STORED") || Next(i, "VIRTUAL") ? i + 1 : Math.Min(i, tokens.Count);
            default:
                return i + 1;
        }
    }

    /// <summary>One constraint clause: its leading keyword and its text (with its <c>CONSTRAINT name</c>, if any).</summary>
    internal readonly record struct Clause(string Kind, string Text);
}
