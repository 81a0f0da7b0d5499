using System.Text;

namespace MicroDb.Migrations;

/// <summary>
/// A small tokenizer for the CREATE TABLE text SQLite keeps in sqlite_schema: quoted names, string literals,
/// parenthesised groups (one token each, nested), words and single characters; comments are skipped.
/// </summary>
internal static class SqlTokens
{
    /// <summary>Splits <paramref name="sql"/> into tokens.</summary>
    public static List<string> Tokenize(string sql)
    {
        var tokens = new List<string>();
        var i = 0;
        while (i < sql.Length)
        {
            var c = sql[i];
            if (char.IsWhiteSpace(c))
            {
                i++;
            }
            else if (c == '-' && At(sql, i + 1) == '-')
            {
                while (i < sql.Length && sql[i] != '\n')
                {
                    i++;
                }
            }
            else if (c == '/' && At(sql, i + 1) == '*')
            {
                var end = sql.IndexOf("*/", i + 2, StringComparison.Ordinal);
                i = end < 0 ? sql.Length : end + 2;
            }
            else
            {
                var end = TokenEnd(sql, i);
                tokens.Add(sql[i..end]);
                i = end;
            }
        }

        return tokens;
    }

    /// <summary>
    /// The body of a CREATE TABLE statement: the definitions between the outer parentheses, split at top-level
    /// commas (each kept as written), and the text after the closing parenthesis (<c>WITHOUT ROWID</c>, <c>STRICT</c>).
    /// </summary>
    public static (List<string> Definitions, string Suffix) SplitCreateTable(string createSql)
    {
        var open = -1;
        for (var i = 0; i < createSql.Length; i = TokenEnd(createSql, i))
        {
            if (createSql[i] == '(')
            {
                open = i;
                break;
            }
        }

        if (open < 0)
        {
            throw new FormatException("not a CREATE TABLE statement with a column list: " + createSql);
        }

        var close = TokenEnd(createSql, open) - 1;
        var definitions = new List<string>();
        var start = open + 1;
        for (var i = open + 1; i < close;)
        {
            if (createSql[i] == ',')
            {
                definitions.Add(createSql[start..i].Trim());
                start = ++i;
            }
            else if (createSql[i] == '-' && At(createSql, i + 1) == '-')
            {
                var end = createSql.IndexOf('\n', i);
                i = end < 0 || end > close ? close : end;
            }
            else if (createSql[i] == '/' && At(createSql, i + 1) == '*')
            {
                var end = createSql.IndexOf("*/", i + 2, StringComparison.Ordinal);
                i = end < 0 || end > close ? close : end + 2;
            }
            else
            {
                i = TokenEnd(createSql, i);
            }
        }

        definitions.Add(createSql[start..close].Trim());
        return (definitions, createSql[(close + 1)..].Trim());
    }

    /// <summary>An identifier without its quotes (<c>"a""b"</c> is <c>a"b</c>).</summary>
    public static string Unquote(string token)
    {
        if (token.Length >= 2)
        {
            var first = token[0];
            var last = token[^1];
            if ((first == '"' && last == '"') || (first == '`' && last == '`') || (first == '\'' && last == '\''))
            {
                return token[1..^1].Replace(new string(first, 2), first.ToString(), StringComparison.Ordinal);
            }

            if (first == '[' && last == ']')
            {
                return token[1..^1];
            }
        }

        return token;
    }

    /// <summary>The tokens joined back into SQL, with no space before a parenthesised group.</summary>
    public static string Join(IEnumerable<string> tokens)
    {
        var text = new StringBuilder();
        foreach (var token in tokens)
        {
            if (text.Length > 0 && token[0] != '(')
            {
                text.Append(' ');
            }

            text.Append(token);
        }

        return text.ToString();
    }

    /// <summary>True when the token is the keyword <paramref name="keyword"/> (any case).</summary>
    public static bool Is(string token, string keyword) => string.Equals(token, keyword, StringComparison.OrdinalIgnoreCase);

    /// <summary>True when <paramref name="tokens"/> (or any group inside them) names the identifier <paramref name="name"/>.</summary>
    public static bool Mentions(IEnumerable<string> tokens, string name)
    {
        foreach (var token in tokens)
        {
            if (token[0] == '(' ? Mentions(Tokenize(token[1..^1]), name) : token[0] != '\'' && string.Equals(Unquote(token), name, StringComparison.OrdinalIgnoreCase))
            {
                return true;
            }
        }

        return false;
    }

    private static char At(string s, int i) => i < s.Length ? s[i] : '\0';

    private static int TokenEnd(string sql, int i)
    {
        var c = sql[i];
        switch (c)
        {
            case '"' or '\'' or '`':
                for (var j = i + 1; j < sql.Length; j++)
                {
                    if (sql[j] == c)
                    {
                        if (At(sql, j + 1) == c)
                        {
                            j++;
                            continue;
                        }

                        return j + 1;
                    }
                }

                return sql.Length;
            case '[':
                var close = sql.IndexOf(']', i + 1);
                return close < 0 ? sql.Length : close + 1;
            case '(':
                var depth = 0;
                for (var j = i; j < sql.Length;)
                {
                    if (sql[j] == '(')
                    {
                        depth++;
                        j++;
                    }
                    else if (sql[j] == ')')
                    {
                        depth--;
                        j++;
                        if (depth == 0)
                        {
                            return j;
                        }
                    }
                    else if (sql[j] is '"' or '\'' or '`' or '[')
                    {
                        j = TokenEnd(sql, j);
                    }
                    else
                    {
                        j++;
                    }
                }

                return sql.Length;
        }

        if (char.IsLetterOrDigit(c) || c is '_' or '$' or '.')
        {
            var j = i + 1;
            while (j < sql.Length && (char.IsLetterOrDigit(sql[j]) || sql[j] is '_' or '$' or '.' || sql[j] > 127))
            {
                j++;
            }

            return j;
        }

        return i + 1;
    }
}
