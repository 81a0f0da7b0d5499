// Shared source (see src/Shared/README.md).
using System;
using System.Collections.Generic;
using System.Globalization;
using System.Text;

#if MICRODB_GENERATOR
namespace MicroDb.Generator.Shared;
#else
namespace MicroDb.Mapping;
#endif

/// <summary>
/// One column of a generated map's table as one short line of text, which the generator writes and the runtime reads
/// once per map (<c>EntityMap&lt;T&gt;.Columns</c>): <c>"Member Kind ClrType"</c> and then only the facets the member
/// declares, space-separated: <c>nullable</c>, <c>primaryKey</c>, <c>keyOrder=N</c> (a composite key's [PrimaryKey(Order = N)], when not 0), <c>autoIncrement</c>, <c>notNull</c>,
/// <c>maxLength=N</c>, <c>column=NAME</c> (when the column is not named as the member), <c>collation=NAME</c>,
/// <c>renamedFrom=NAME</c>, <c>references=TABLE referencesColumn=COLUMN</c> with <c>onDelete=N</c>/<c>onUpdate=N</c> (a [References] foreign key; N a ForeignKeyAction value, written when not 0). A name with a space, a quote or a backslash in it, or an empty one, is written in double
/// quotes with <c>\"</c> and <c>\\</c> escapes. Example: <c>"Price Decimal Decimal notNull column=unit_price"</c>.
/// </summary>
internal static class ColumnDeclaration
{
    /// <summary>The line for one column.</summary>
    public static string Write(ColumnFacts column, bool nullable)
    {
        var text = new StringBuilder();
        text.Append(column.MemberName).Append(' ').Append(column.Kind.ToString()).Append(' ').Append(Quote(column.ClrTypeName));
        if (nullable)
        {
            text.Append(" nullable");
        }

        if (column.IsPrimaryKey)
        {
            text.Append(" primaryKey");
            if (column.KeyOrder != 0)
            {
                text.Append(" keyOrder=").Append(column.KeyOrder.ToString(CultureInfo.InvariantCulture));
            }
        }

        if (column.IsAutoIncrement)
        {
            text.Append(" autoIncrement");
        }

        if (column.IsNotNull)
        {
            text.Append(" notNull");
        }

        if (column.MaxLength is { } max)
        {
            text.Append(" maxLength=").Append(max.ToString(CultureInfo.InvariantCulture));
        }

        if (!string.Equals(column.ColumnName, column.MemberName, StringComparison.Ordinal))
        {
            text.Append(" column=").Append(Quote(column.ColumnName));
        }

        if (column.Collation is not null)
        {
            text.Append(" collation=").Append(Quote(column.Collation));
        }

        if (column.RenamedFrom is not null)
        {
            text.Append(" renamedFrom=").Append(Quote(column.RenamedFrom));
        }

        if (column.References is { } fk)
        {
            text.Append(" references=").Append(Quote(fk.Table)).Append(" referencesColumn=").Append(Quote(fk.Column));
            if (fk.OnDelete != 0)
            {
                text.Append(" onDelete=").Append(fk.OnDelete.ToString(CultureInfo.InvariantCulture));
            }

            if (fk.OnUpdate != 0)
            {
                text.Append(" onUpdate=").Append(fk.OnUpdate.ToString(CultureInfo.InvariantCulture));
            }
        }

        return text.ToString();
    }

    /// <summary>Reads a line written by <see cref="Write"/>; false with the reason when it is not one.</summary>
    public static bool TryParse(string text, out ColumnFacts column, out bool nullable, out string error)
    {
        column = default;
        nullable = false;
        var tokens = new List<string>();
        if (!TrySplit(text, tokens, out error))
        {
            return false;
        }

        if (tokens.Count < 3)
        {
            error = "it needs a member name, a column kind and a type name";
            return false;
        }

        var member = tokens[0];
        if (tokens[1].Length == 0 || !char.IsLetter(tokens[1][0]) || tokens[1].IndexOf(',') >= 0 || !Enum.TryParse<ColumnKind>(tokens[1], out var kind))
        {
            error = $"'{tokens[1]}' is not a column kind";
            return false;
        }

        bool primaryKey = false, autoIncrement = false, notNull = false;
        int? maxLength = null;
        var keyOrder = 0;
        string? references = null, referencesColumn = null;
        int onDelete = 0, onUpdate = 0;
        string name = member;
        string? collation = null, renamedFrom = null;
        for (var i = 3; i < tokens.Count; i++)
        {
            var token = tokens[i];
            var equals = token.IndexOf('=');
            var facet = equals < 0 ? token : token.Substring(0, equals);
            var value = equals < 0 ? null : token.Substring(equals + 1);
            switch (facet)
            {
                case "nullable" when value is null:
                    nullable = true;
                    break;
                case "primaryKey" when value is null:
                    primaryKey = true;
                    break;
                case "autoIncrement" when value is null:
                    autoIncrement = true;
                    break;
                case "notNull" when value is null:
                    notNull = true;
                    break;
                case "keyOrder" when int.TryParse(value, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out var order):
                    keyOrder = order;
                    break;
                case "maxLength" when int.TryParse(value, NumberStyles.None, CultureInfo.InvariantCulture, out var max):
                    maxLength = max;
                    break;
                case "column" when value is not null:
                    name = value;
                    break;
                case "collation" when value is not null:
                    collation = value;
                    break;
                case "renamedFrom" when value is not null:
                    renamedFrom = value;
                    break;
                case "references" when value is not null:
                    references = value;
                    break;
                case "referencesColumn" when value is not null:
                    referencesColumn = value;
                    break;
                case "onDelete" when int.TryParse(value, NumberStyles.None, CultureInfo.InvariantCulture, out var del):
                    onDelete = del;
                    break;
                case "onUpdate" when int.TryParse(value, NumberStyles.None, CultureInfo.InvariantCulture, out var upd):
                    onUpdate = upd;
                    break;
                default:
                    error = $"'{token}' is not a column facet (nullable, primaryKey, keyOrder=N, autoIncrement, notNull, maxLength=N, column=, collation=, renamedFrom=, references=, referencesColumn=, onDelete=N, onUpdate=N)";
                    return false;
            }
        }

        if ((references is null) != (referencesColumn is null))
        {
            error = "references= and referencesColumn= go together";
            return false;
        }

        var foreignKey = references is null ? null : new ForeignKeyFacts(references, referencesColumn!, onDelete, onUpdate);
        column = new ColumnFacts(name, member, kind, tokens[2], primaryKey, autoIncrement, notNull, maxLength, collation, renamedFrom, keyOrder, foreignKey);
        error = string.Empty;
        return true;
    }

    private static string Quote(string value)
    {
        if (value.Length > 0 && value.IndexOfAny(Special) < 0)
        {
            return value;
        }

        return "\"" + value.Replace("\\", "\\\\").Replace("\"", "\\\"") + "\"";
    }

    private static readonly char[] Special = [' ', '"', '\\', '\t', '\r', '\n'];

    /// <summary>Splits on spaces; a double-quoted part (after <c>=</c> or as a whole token) keeps its spaces and unescapes \" and \\.</summary>
    private static bool TrySplit(string text, List<string> tokens, out string error)
    {
        var current = new StringBuilder();
        var started = false;
        for (var i = 0; i < text.Length; i++)
        {
            var c = text[i];
            if (c == ' ')
            {
                if (started)
                {
                    tokens.Add(current.ToString());
                    current.Clear();
                    started = false;
                }

                continue;
            }

            started = true;
            if (c != '"')
            {
                current.Append(c);
                continue;
            }

            // A quoted name: up to the closing quote, then a space or the end.
            for (i++; ; i++)
            {
                if (i >= text.Length)
                {
                    error = "a quoted name is not closed";
                    return false;
                }

                if (text[i] == '\\' && i + 1 < text.Length && (text[i + 1] == '"' || text[i + 1] == '\\'))
                {
                    current.Append(text[++i]);
                }
                else if (text[i] == '"')
                {
                    break;
                }
                else
                {
                    current.Append(text[i]);
                }
            }

            if (i + 1 < text.Length && text[i + 1] != ' ')
            {
                error = "a quoted name must end its part";
                return false;
            }
        }

        if (started)
        {
            tokens.Add(current.ToString());
        }

        error = string.Empty;
        return true;
    }
}
