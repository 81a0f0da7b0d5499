using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Text;
using MicroDb.Generator.Model;
using MicroDb.Generator.Shared;
using MicroDb.Generator.Shared.Query;

namespace MicroDb.Generator;

public sealed partial class MicroDbGenerator
{
    // The build-time front end for joins, part two: the query model JoinQuery<TResult> builds at run time (Build,
    // BuildModel, LongCount, Any), from the lowered chain and the tables' map models.
    private static partial class InterceptorEmitter
    {
        private static string Alias(int table) => SqlAliases.Table(table);

        /// <summary>
        /// The join chain's SQL, its values in slot order and the reader of its result straight from the columns (null:
        /// the rows are read as objects, <see cref="JoinSpec.Reader"/>), or why it is declined.
        /// </summary>
        private static (string? Sql, string? Formats, List<LoweredNode>? Values, string? Declined) WriteJoin(QueryChain chain, JoinSpec join, List<EntityModel> tables, out string? reader)
        {
            // A key whose ON condition depends on the storage format (a DateTime, DateTimeOffset or decimal) gives a second
            // text for sqlite-net's format; the site's Formats chooses between them at run time, as a grouping's does.
            var (microDb, values, declined) = WriteJoin(chain, join, tables, sqliteNet: false, out reader);
            var (sqliteNet, sqliteNetValues, sqliteNetDeclined) = WriteJoin(chain, join, tables, sqliteNet: true, out var sqliteNetReader);
            if (sqliteNet is null)
            {
                return (null, null, null, microDb is null ? declined : sqliteNetDeclined);
            }

            values = MergeDates(values, sqliteNetValues);
            if (microDb == sqliteNet)
            {
                return (microDb, null, values, null);
            }

            // Under MicroDb's format a DateTimeOffset key is refused by the run time (microDb null): such runs take it.
            // A DateTime key under a sqlite-net text format that writes a zone (or does not sort) goes to the run time too.
            var dateTimeKeys = JoinKeyColumns(join, tables).Any(c => c.Kind is ColumnKind.DateTime or ColumnKind.DateTimeText);
            var formats = ".Formats(" + (microDb is null ? "false, null" : "true, " + Microsoft.CodeAnalysis.CSharp.SymbolDisplay.FormatLiteral(sqliteNet, quote: true))
                + ", " + (dateTimeKeys ? "true" : "false") + ")";
            reader ??= sqliteNetReader;
            return (microDb ?? sqliteNet, formats, values, null);
        }

        /// <summary>The columns of every join key (each part of a composite one), outer and inner.</summary>
        private static IEnumerable<ColumnModel> JoinKeyColumns(JoinSpec join, List<EntityModel> tables)
        {
            for (var i = 0; i < join.Tables.Count; i++)
            {
                var spec = join.Tables[i];
                var parts = spec.Composite.Count > 0 ? spec.Composite.Select(p => (p.OuterTable, p.OuterMember, p.InnerMember)) : new[] { (spec.OuterTable, spec.OuterMember, spec.InnerMember) };
                foreach (var (outerTable, outerMember, innerMember) in parts)
                {
                    foreach (var column in tables[outerTable].Columns.Where(c => c.MemberName == outerMember).Concat(tables[i + 1].Columns.Where(c => c.MemberName == innerMember)))
                    {
                        yield return column;
                    }
                }
            }
        }

        /// <summary>
        /// The ON condition of one key pair as the run time's <c>JoinKeys</c> and translator write it under the storage format:
        /// each side's stored-form key (<see cref="JoinKeyTerm"/>) compared with <c>=</c>, or <c>IS</c> where the key can
        /// be null; a single nullable key (<paramref name="guarded"/>) also needs its outer side <c>IS NOT NULL</c>. Null
        /// (with the reason) where the run time refuses the pair or the columns are stored as different kinds.
        /// </summary>
        private static SqlExpression? JoinKeyEquality(ColumnModel outer, int outerTable, ColumnModel inner, int innerTable, string family, bool nullable, bool guarded, bool sqliteNet, out string? declined,
            string? outerPart = null, string? innerPart = null, List<LoweredNode>? values = null)
        {
            declined = null;
            if (outerPart is not null || innerPart is not null)
            {
                return StringPartKeyEquality(outer, outerTable, outerPart, inner, innerTable, innerPart, family, nullable, guarded, out declined);
            }

            var (outerKind, innerKind) = (outer.Kind, inner.Kind);
            var fits = family switch
            {
                // Integers of any width, floats and doubles compare as numbers; every other family needs one stored kind on both sides.
                "integer" => Fits(outerKind, family) && Fits(innerKind, family),
                "floating" => outerKind is ColumnKind.Single or ColumnKind.Double && innerKind is ColumnKind.Single or ColumnKind.Double,
                "string" or "guid" => Fits(outerKind, family) && outerKind == innerKind,
                "enum" => outerKind is ColumnKind.Enum or ColumnKind.EnumText && outerKind == innerKind,
                "datetime" => outerKind is ColumnKind.DateTime or ColumnKind.DateTimeText && outerKind == innerKind,
                "datetimeoffset" => outerKind == ColumnKind.DateTimeOffset && innerKind == outerKind,
                "decimal" => outerKind == ColumnKind.Decimal && innerKind == outerKind,
                "ulong" => outerKind is ColumnKind.UInt64 or ColumnKind.Enum && innerKind == outerKind && values is not null,
                _ => false,
            };
            if (StoredPairRules.StoredDifferently(outerKind, innerKind, outer.ValueTypeName == inner.ValueTypeName, dateTimesAlike: false))
            {
                // The run time refuses the pair with the same words (SqlTranslator.RejectColumnsStoredDifferently). DateTimes
                // stored both ways are declined under either format: the site's two texts share one interception.
                declined = QueryReasons.StoredDifferently(outer.MemberName, outerKind.ToString(), inner.MemberName, innerKind.ToString());
                return null;
            }

            if (!fits)
            {
                declined = $"the key '{outer.MemberName}' is stored as {outerKind} and '{inner.MemberName}' as {innerKind}, which compare by the run-time translator's rules";
                return null;
            }

            var outerColumn = new SqlColumn(outer.ColumnName, Alias(outerTable));
            if (family == "ulong")
            {
                // SqlTranslator.Key's UInt64 key on both sides (MicroDbGenerator.JoinUInt64Keys.cs), the same under both formats.
                var flipped = new SqlGroup(new SqlBinary(UInt64Key(outerColumn, values!), nullable ? SqlOperator.Is : SqlOperator.Equal, UInt64Key(new SqlColumn(inner.ColumnName, Alias(innerTable)), values!)));
                return guarded ? new SqlGroup(new SqlBinary(flipped, SqlOperator.And, new SqlGroup(new SqlIsNull(outerColumn, Negated: true)))) : flipped;
            }

            // A non-nullable floating column lifted to a nullable key still reads its stored NULL as 0 (SqlTranslator.ReadsNull).
            if (JoinKeyTerm(outerColumn, outerKind, nullable && outer.IsNullableValueType, sqliteNet) is not { } left
                || JoinKeyTerm(new SqlColumn(inner.ColumnName, Alias(innerTable)), innerKind, nullable && inner.IsNullableValueType, sqliteNet) is not { } right)
            {
                declined = $"the key '{outer.MemberName}' is a DateTimeOffset, which the run-time translator does not compare under MicroDb's storage format";
                return null;
            }

            SqlExpression equal = new SqlGroup(new SqlBinary(left, nullable ? SqlOperator.Is : SqlOperator.Equal, right));
            if (guarded)
            {
                // The translator reads a decimal column as a number outside a key (SqlStoredKeys.DecimalValue).
                SqlExpression value = outerKind == ColumnKind.Decimal ? SqlStoredKeys.DecimalValue(outerColumn) : outerColumn;
                equal = new SqlGroup(new SqlBinary(equal, SqlOperator.And, new SqlGroup(new SqlIsNull(value, Negated: true))));
            }

            return equal;
        }

        /// <summary>
        /// A join key's stored-form key, the run time's (<c>SqlTranslator.Key</c>, <see cref="SqlStoredKeys"/>): a DateTime's
        /// ticks without the kind or ISO text without its suffix and a decimal's sortable text under MicroDb's format, a
        /// decimal's 15-digit REAL under sqlite-net's, a non-nullable floating-point value with NULL read as 0; the column
        /// itself for the others; null for a DateTimeOffset under MicroDb's format (refused there).
        /// </summary>
        private static SqlExpression? JoinKeyTerm(SqlColumn column, ColumnKind kind, bool nullable, bool sqliteNet) => kind switch
        {
            ColumnKind.DateTime => sqliteNet ? column : SqlStoredKeys.DateTimeTicks(column),
            ColumnKind.DateTimeText => sqliteNet ? column : SqlStoredKeys.DateTimeText(column),
            ColumnKind.DateTimeOffset => sqliteNet ? column : null,
            ColumnKind.Decimal => sqliteNet ? SqlStoredKeys.SqliteNetDecimal(SqlStoredKeys.DecimalValue(column)) : SqlStoredKeys.Decimal(column),
            ColumnKind.Single or ColumnKind.Double => nullable ? column : SqlStoredKeys.FloatingNotNull(column),
            _ => column,
        };

        /// <summary>The join's SQL under one storage format (<paramref name="sqliteNet"/>), see the overload above.</summary>
        private static (string? Sql, List<LoweredNode>? Values, string? Declined) WriteJoin(QueryChain chain, JoinSpec join, List<EntityModel> tables, bool sqliteNet, out string? reader)
        {
            reader = null;
            _datesPass = sqliteNet;
            // A key's member may name a string member's part (Name.ToLower(), Name.Length: MicroDbGenerator.JoinChains.cs).
            ColumnModel? Column(int table, string member) => tables[table].Columns.FirstOrDefault(c => c.MemberName == KeyMemberName(member));

            // FROM: the first table, then one JOIN per table, ON the keys as JoinKeys builds them (a key that can be null
            // compares with IS and matches nothing when null, as LINQ-to-Objects' Join).
            SqlSource source = new SqlTable(tables[0].TableName, Alias(0));
            var presence = new List<SqlExpression>();
            var values = new List<LoweredNode>();
            string? declined = null;
            for (var i = 0; i < join.Tables.Count; i++)
            {
                var spec = join.Tables[i];
                var table = i + 1;
                SqlExpression? on;
                var firstKeyValue = values.Count;
                if (spec.Computed is { } computed)
                {
                    // A computed key (MicroDbGenerator.JoinComputedKeys.cs): two operands compared, as the translator writes JoinKeys' Equal.
                    if ((on = Condition(computed, tables[0], values, 0, ref declined, tables)) is null)
                    {
                        return (null, null, declined);
                    }
                }
                else if (spec.Composite.Count == 0)
                {
                    if (Column(spec.OuterTable, spec.OuterMember) is not { } outerColumn || Column(table, spec.InnerMember) is not { } innerColumn)
                    {
                        return (null, null, $"the key '{spec.OuterMember}' or '{spec.InnerMember}' maps to no column");
                    }

                    if ((on = JoinKeyEquality(outerColumn, spec.OuterTable, innerColumn, table, spec.Family, spec.Nullable, guarded: spec.Nullable, sqliteNet, out declined, KeyPart(spec.OuterMember), KeyPart(spec.InnerMember), values)) is null)
                    {
                        return (null, null, declined);
                    }
                }
                else
                {
                    // A composite key: each part equal (IS where it can be null: null parts match), ANDed left to right.
                    SqlExpression? all = null;
                    foreach (var part in spec.Composite)
                    {
                        if (part.Computed is { } computedPart)
                        {
                            if (Condition(computedPart, tables[0], values, 0, ref declined, tables) is not { } computedEqual)
                            {
                                return (null, null, declined);
                            }

                            all = all is null ? computedEqual : new SqlGroup(new SqlBinary(all, SqlOperator.And, computedEqual));
                            continue;
                        }

                        if (Column(part.OuterTable, part.OuterMember) is not { } outerPart || Column(table, part.InnerMember) is not { } innerPart)
                        {
                            return (null, null, $"the key part '{part.OuterMember}' or '{part.InnerMember}' maps to no column");
                        }

                        if (JoinKeyEquality(outerPart, part.OuterTable, innerPart, table, part.Family, part.Nullable, guarded: false, sqliteNet, out declined, KeyPart(part.OuterMember), KeyPart(part.InnerMember), values) is not { } equal)
                        {
                            return (null, null, declined);
                        }

                        all = all is null ? equal : new SqlGroup(new SqlBinary(all, SqlOperator.And, equal));
                    }

                    on = all!;
                }

                // A computed key's values, read in the ON condition: the key condition is under one L per joined-table Where.
                var keyDepth = new string('L', chain.Steps.Count(s => s.Method == "On" && s.KeyTable == table));
                for (var v = firstKeyValue; v < values.Count; v++)
                {
                    if (values[v].Op == "fixed")
                    {
                        continue;
                    }

                    var colon = values[v].Path!.IndexOf(':');
                    values[v] = values[v] with { Family = "on:" + values[v].Family, Table = table, Path = "0:" + keyDepth + values[v].Path!.Substring(colon + 1) };
                }

                // The joined table's own Where conditions, ANDed to the key condition in call order; their values come first in slot order.
                // After a RightJoin that follows a join, the Where conditions before it ("RightOn", MicroDbGenerator.JoinChains.cs).
                foreach (var filter in chain.Steps.Where(s => s.Method is "On" or "RightOn" && s.KeyTable == table))
                {
                    if (filter.Method == "RightOn" && HoldsSubquery(filter.Predicate))
                    {
                        return (null, null, "a sub-query in a Where before a RightJoin that follows a join (the run time moves the condition into the RIGHT JOIN's ON condition) is not lowered at build time");
                    }

                    var first = values.Count;
                    var firstSubquery = _subqueries?.Count ?? 0;
                    if (Condition(filter.Predicate!, tables[0], values, 0, ref declined, tables) is not { } condition)
                    {
                        return (null, null, declined);
                    }

                    on = new SqlGroup(new SqlBinary(on, SqlOperator.And, condition));
                    for (var v = first; v < values.Count; v++)
                    {
                        // Read from this table's ON condition (a value inside a sub-query there too).
                        values[v] = filter.Method == "On"
                            ? values[v] with { Family = "on:" + values[v].Family, Table = table }
                            : values[v] with { Family = MovedOnFamily(table, values[v].Family) };
                    }

                    for (var q = firstSubquery; q < (_subqueries?.Count ?? 0); q++)
                    {
                        // A sub-query of the ON condition: checked there (EmitJoinSite), marked by a negative "where".
                        _subqueries![q] = (-table, _subqueries[q].Path);
                    }
                }

                source = new SqlJoin(source, new SqlTable(tables[table].TableName, Alias(table)), spec.Right ? SqlJoinKind.Right : spec.Left ? SqlJoinKind.Left : SqlJoinKind.Inner, on);
            }

            // The tables whose row may be missing, in table order: a left-joined one, and every one before a right join
            // (JoinedTables.AddRight), each told by its presence column.
            var missing = new List<int>();
            for (var t = 0; t < tables.Count; t++)
            {
                if (t > 0 && join.Tables[t - 1].Left || join.Tables.Skip(t).Any(j => j.Right))
                {
                    missing.Add(t);
                    var withoutRowId = tables[t].WithoutRowId;
                    presence.Add(SqlJoinPresence.Of(Alias(t), withoutRowId, withoutRowId ? CrudSqlText.KeyColumns(SqlText.Facts(tables[t]))[0].ColumnName : null));
                }
            }

            var predicates = new List<SqlExpression>();
            var orderings = new List<SqlOrdering>();
            var group = 0;
            int? limit = null;
            var offset = 0;
            foreach (var step in chain.Steps)
            {
                switch (step.Method)
                {
                    case "Take":
                        limit = SqlPaging.Take(limit, step.Count);
                        break;

                    case "Skip":
                        (limit, offset) = SqlPaging.Skip(limit, offset, step.Count);
                        break;

                    case "OrderBy" or "OrderByDescending" or "ThenBy" or "ThenByDescending":
                        {
                            if (Column(step.KeyTable, step.KeyMember!) is not { } column)
                            {
                                return (null, null, $"the key '{step.KeyMember}' maps to no column");
                            }

                            if (!Fits(column.Kind, Family(step.KeyType!, column.Kind)) || column.Kind == ColumnKind.EnumText)
                            {
                                return (null, null, $"member '{step.KeyMember}' is stored as {column.Kind}, which orders by the run-time translator's rules");
                            }

                            AddOrdering(orderings, new SqlColumn(column.ColumnName, Alias(step.KeyTable)), step.Method, ref group);

                            break;
                        }

                    default:
                        if (step.Predicate is { } predicate && step.Method is not ("On" or "RightOn"))
                        {
                            if (Condition(predicate, tables[0], values, predicates.Count, ref declined, tables) is not { } node)
                            {
                                return (null, null, declined);
                            }

                            predicates.Add(node);
                        }

                        break;
                }
            }

            // SELECT: per table, the columns the result reads in table order (all of a row used whole), then the
            // left-joined tables' presence columns (SqlJoinColumns, as JoinRowReader.Plan selects them).
            var projection = new List<SqlExpression>();
            var ordinals = new int[tables.Count][];
            var models = new List<ColumnModel>[tables.Count];
            var direct = join.Reader is not null;
            for (var t = 0; t < tables.Count; t++)
            {
                var prefix = t.ToString(CultureInfo.InvariantCulture) + ":";
                var members = join.Used.Where(u => u.StartsWith(prefix, System.StringComparison.Ordinal)).Select(u => u.Substring(prefix.Length)).ToList();
                var all = join.Whole.Contains(t) || members.Any(m => Column(t, m) is null);
                direct &= !all;
                var columns = models[t] = tables[t].Columns.ToList();
                ordinals[t] = SqlJoinColumns.Append(projection, Alias(t), columns, static c => c.ColumnName, all ? null : c => members.Contains(columns[c].MemberName));
            }

            var presenceOrdinals = new Dictionary<int, int>();
            for (var p = 0; p < missing.Count; p++)
            {
                presenceOrdinals[missing[p]] = projection.Count + p;
            }

            projection.AddRange(presence);
            if (direct)
            {
                // One typed read per column, as the tables' maps read it (Emitter.ReadColumn).
                reader = JoinMarkers.Replace(join.Reader!, (t, member) =>
                {
                    var index = models[t].FindIndex(c => c.MemberName == member);
                    return Emitter.ReadColumn(models[t][index], ordinals[t][index].ToString(CultureInfo.InvariantCulture));
                }, t => "statement." + GeneratedCodeNames.IsNull + "(" + presenceOrdinals[t].ToString(CultureInfo.InvariantCulture) + ")");
            }
            if (projection.Count == 0)
            {
                projection.Add(SqlLiteral.One);
            }

            var where = new ValueList<SqlExpression>(predicates.ToArray());
            var none = ValueList<SqlOrdering>.Empty;
            var limited = limit is not null || offset > 0;
            QueryModel query;
            switch (chain.Steps[chain.Steps.Count - 1].Method)
            {
                case "Count" or "LongCount":
                    query = limited
                        ? QueryModel.Select(new SqlSubquery(new QueryModel(source, One, false, where, none, limit, offset)), CountAll)
                        : new QueryModel(source, CountAll, false, where, none, null, 0);
                    break;
                case "Any":
                    query = QueryModel.Select(null, new ValueList<SqlExpression>(new SqlExpression[] { new SqlExists(new QueryModel(source, One, false, where, none, limit, offset)) }));
                    break;
                case "First" or "FirstOrDefault":
                    query = new QueryModel(source, new ValueList<SqlExpression>(projection.ToArray()), false, where, new ValueList<SqlOrdering>(orderings.ToArray()), limit is { } own ? System.Math.Min(own, 1) : 1, offset);
                    break;
                default:
                    query = new QueryModel(source, new ValueList<SqlExpression>(projection.ToArray()), false, where, new ValueList<SqlOrdering>(orderings.ToArray()), limit, offset);
                    break;
            }

            var sql = new StringBuilder();
            var slots = new List<int>();
            SqliteSqlWriter.Instance.WriteQuery(query, sql, slots);
            for (var i = 0; i < slots.Count; i++)
            {
                if (slots[i] != i)
                {
                    return (null, null, "the values are not written in the order they are read");
                }
            }

            return (sql.ToString(), values, null);
        }

        /// <summary>
        /// A chain ending on <c>JoinQuery&lt;TResult&gt;</c>: the interceptor is generic over the result (often anonymous) and
        /// passes a static projector over the rows (<c>r[i]</c> is table <c>i</c>'s row, null for a missing left-joined row).
        /// </summary>
        private static void EmitJoinChain(SourceWriter w, QueryChain chain, string sql, string? formats, List<LoweredNode> values, string? reader, int index, SortedDictionary<string, List<string>> standIns)
        {
            w.Line("// " + Comment(chain));
            var terminal = chain.Steps[chain.Steps.Count - 1];
            var site = EmitJoinSite(w, sql, formats, values, index);
            foreach (var entry in chain.Join!.StandIns)
            {
                var bar = entry.IndexOf('|');
                var kind = entry.Substring(0, bar);
                if (!standIns.TryGetValue(kind, out var attributes))
                {
                    standIns[kind] = attributes = new List<string>();
                }

                attributes.Add(entry.Substring(bar + 1));
            }

            if (chain.Async)
            {
                // The async join's terminal: the sync helper run on one of the pool's readers (QueryInterception.ReadAsync).
                var read = reader is not null
                    ? ", static (global::" + GeneratedCodeNames.StatementType + " statement) => " + reader
                    : ", static (object[] r) => " + chain.Join!.Projector;
                var (value, run) = terminal.Method switch
                {
                    "ToList" => ("global::System.Collections.Generic.List<TResult>", "ToList(q, " + site + read + ", ct)"),
                    "ToArray" => ("TResult[]", "ToList(q, " + site + read + ", ct).ToArray()"),
                    "Count" => ("int", "Count(q, " + site + ")"),
                    "LongCount" => ("long", "LongCount(q, " + site + ")"),
                    "Any" => ("bool", "Any(q, " + site + ")"),
                    "FirstOrDefault" => ("TResult", "FirstOrDefault(q, " + site + read + ")"),
                    _ => ("TResult", "First(q, " + site + read + ")"),
                };
                // A terminal with a condition: the run-time Where (its values are read from that tree), then the terminal.
                var condition = terminal.Predicate is not null;
                w.Line(terminal.Intercept!);
                w.Line("public static global::System.Threading.Tasks.ValueTask<" + value + "> " + terminal.Method + "Async" + index.ToString(CultureInfo.InvariantCulture)
                    + "<TResult>(this AsyncJoinQuery<TResult> query, "
                    + (condition ? "global::System.Linq.Expressions.Expression<global::System.Func<TResult, bool>> predicate, " : "")
                    + "global::System.Threading.CancellationToken cancellationToken) =>");
                w.Line("    " + Runtime + ".ReadAsync(" + (condition ? Runtime + ".Where(query, predicate)" : "query") + ", static (q, ct) => " + Runtime + "." + run + ", cancellationToken);");
                w.Line();
                return;
            }

            var receiver = terminal.Predicate is not null ? Runtime + ".Where(query, predicate)" : "query";
            var parameters = "this JoinQuery<TResult> query" + (terminal.Predicate is not null ? ", global::System.Linq.Expressions.Expression<global::System.Func<TResult, bool>> predicate" : "");
            var project = reader is not null
                ? ", static (global::" + GeneratedCodeNames.StatementType + " statement) => " + reader
                : ", static (object[] r) => " + chain.Join!.Projector;
            var (returns, arguments) = terminal.Method switch
            {
                "ToList" => ("global::System.Collections.Generic.List<TResult>", site + project),
                "ToArray" => ("TResult[]", site + project),
                "Count" => ("int", site),
                "LongCount" => ("long", site),
                "Any" => ("bool", site),
                _ => ("TResult", site + project),
            };
            w.Line(terminal.Intercept!);
            w.Line("public static " + returns + " " + terminal.Method + index + "<TResult>(" + parameters + ") =>");
            w.Line("    " + Runtime + "." + terminal.Method + "(" + receiver + ", " + arguments + ");");
            w.Line();
        }

        /// <summary>
        /// The join chains' operator calls (<see cref="JoinSpec.StandIns"/>): one interceptor per kind of call for the whole
        /// file, generic like the operator (so anonymous results need no name) and carrying every call's location, each
        /// forwarding to QueryInterception's stand-in.
        /// </summary>
        private static void EmitJoinStandIns(SourceWriter w, SortedDictionary<string, List<string>> standIns)
        {
            const string Lambda = "global::System.Linq.Expressions.Expression<global::System.Func<";
            const string Group = "global::System.Collections.Generic.IEnumerable<TInner>";
            const string JoinParameters = "TableQuery<TInner> inner, " + Lambda + "{0}, TKey>> outerKeySelector, " + Lambda + "TInner, TKey>> innerKeySelector, "
                + Lambda + "{0}, TInner, {1}>> resultSelector) => " + Runtime + ".{2}(query, inner, outerKeySelector, innerKeySelector, resultSelector);";
            if (standIns.Count > 0)
            {
                w.Line("// The operator calls of the join chains above: stand-ins that keep the lambdas (QueryInterception.Joins.cs).");
            }

            foreach (var pair in standIns)
            {
                // An async kind (AsyncWhere ...): the sync stand-in's text over AsyncTableQuery/AsyncJoinQuery, whose QueryInterception overloads unwrap them.
                var async = pair.Key.StartsWith("Async", System.StringComparison.Ordinal);
                var kind = async ? pair.Key.Substring(5) : pair.Key;
                foreach (var attribute in pair.Value)
                {
                    w.Line(attribute);
                }

                var name = (async ? "Async" : "") + (kind == "TableWhere" ? kind : kind.EndsWith(":Table", System.StringComparison.Ordinal) ? "Table" + kind.Substring(0, kind.Length - 6) : "Joined" + kind);
                var line = kind switch
                {
                    "TableWhere" => "public static TableQuery<T> " + name + "<T>(this TableQuery<T> query, " + Lambda + "T, bool>> predicate) => " + Runtime + ".Where(query, predicate);",
                    "Join:Table" or "LeftJoin:Table" or "RightJoin:Table" => "public static JoinQuery<TResult> " + name + "<T, TInner, TKey, TResult>(this TableQuery<T> query, "
                        + string.Format(CultureInfo.InvariantCulture, JoinParameters, "T", "TResult", kind.Substring(0, kind.Length - 6)),
                    "Join" or "LeftJoin" => "public static JoinQuery<TNew> " + name + "<TResult, TInner, TKey, TNew>(this JoinQuery<TResult> query, "
                        + string.Format(CultureInfo.InvariantCulture, JoinParameters, "TResult", "TNew", kind),
                    // GroupJoin's result takes the group (IEnumerable<TInner>), and its query is GroupJoinQuery<TResult, TInner>.
                    "GroupJoin:Table" => "public static GroupJoinQuery<TResult, TInner> " + name + "<T, TInner, TKey, TResult>(this TableQuery<T> query, "
                        + string.Format(CultureInfo.InvariantCulture, JoinParameters, "T", "TResult", "GroupJoin").Replace(", TInner, TResult>>", ", " + Group + ", TResult>>"),
                    "GroupJoin" => "public static GroupJoinQuery<TNew, TInner> " + name + "<TResult, TInner, TKey, TNew>(this JoinQuery<TResult> query, "
                        + string.Format(CultureInfo.InvariantCulture, JoinParameters, "TResult", "TNew", "GroupJoin").Replace(", TInner, TNew>>", ", " + Group + ", TNew>>"),
                    "SelectMany" => "public static JoinQuery<TNew> " + name + "<TResult, TInner, TCollection, TNew>(this GroupJoinQuery<TResult, TInner> query, " + Lambda
                        + "TResult, global::System.Collections.Generic.IEnumerable<TCollection>>> collectionSelector, " + Lambda + "TResult, TCollection, TNew>> resultSelector) => "
                        + Runtime + ".SelectMany(query, collectionSelector, resultSelector);",
                    "Where" => "public static JoinQuery<TResult> " + name + "<TResult>(this JoinQuery<TResult> query, " + Lambda + "TResult, bool>> predicate) => " + Runtime + ".Where(query, predicate);",
                    "Take" or "Skip" => "public static JoinQuery<TResult> " + name + "<TResult>(this JoinQuery<TResult> query, int count) => " + Runtime + ".Page(query, count, "
                        + (kind == "Skip" ? "true" : "false") + ");",
                    "Select" => "public static JoinQuery<TNew> " + name + "<TResult, TNew>(this JoinQuery<TResult> query, " + Lambda + "TResult, TNew>> selector) => " + Runtime + ".Select(query, selector);",
                    _ => "public static JoinQuery<TResult> " + name + "<TResult, TKey>(this JoinQuery<TResult> query, " + Lambda + "TResult, TKey>> keySelector) => " + Runtime + ".Order(query, keySelector, "
                        + (kind.EndsWith("Descending", System.StringComparison.Ordinal) ? "true" : "false") + ", " + (kind.StartsWith("ThenBy", System.StringComparison.Ordinal) ? "true" : "false") + ");",
                };
                w.Line(async ? line.Replace("TableQuery<", "AsyncTableQuery<").Replace("GroupJoinQuery<", "AsyncGroupJoinQuery<").Replace(" JoinQuery<", " AsyncJoinQuery<").Replace("(this JoinQuery<", "(this AsyncJoinQuery<") : line);
                w.Line();
            }
        }

        /// <summary>
        /// The join call site's field: the SQL constant, one <c>JoinedValue</c> per value in slot order, the sub-queries'
        /// checks, then, for a key whose ON condition depends on the storage format, <c>Formats</c>.
        /// </summary>
        private static string EmitJoinSite(SourceWriter w, string sql, string? formats, List<LoweredNode> values, int index)
        {
            var name = "Site" + index.ToString(CultureInfo.InvariantCulture);
            var text = new StringBuilder("private static readonly " + SiteType + " " + name + " = new " + SiteType + "(" + Microsoft.CodeAnalysis.CSharp.SymbolDisplay.FormatLiteral(sql, quote: true) + ")");
            foreach (var v in values)
            {
                if (v.Op == "fixed")
                {
                    // A constant the translator binds itself (a ulong key's sign bit).
                    text.Append(".JoinedFixedValue(long.MinValue)");
                    continue;
                }

                var colon = v.Path!.IndexOf(':');
                if (MovedOnTable(v.Family) is { } onTable)
                {
                    // A Where value moved into a RIGHT JOIN's ON condition, compared with a member of an earlier table.
                    text.Append(".JoinedOnValue(").Append(onTable.ToString(CultureInfo.InvariantCulture)).Append(", ")
                        .Append(Microsoft.CodeAnalysis.CSharp.SymbolDisplay.FormatLiteral(v.Path.Substring(colon + 1), quote: true))
                        .Append(", ").Append(v.Table.ToString(CultureInfo.InvariantCulture))
                        .Append(", ").Append(Microsoft.CodeAnalysis.CSharp.SymbolDisplay.FormatLiteral(v.Member!, quote: true)).Append(", typeof(").Append(v.MemberType).Append("))");
                    continue;
                }

                if (v.Family?.StartsWith("on:", System.StringComparison.Ordinal) == true)
                {
                    // A value of a joined table's own Where, read from its ON condition.
                    text.Append(".JoinedOnValue(").Append(v.Table.ToString(CultureInfo.InvariantCulture)).Append(", ")
                        .Append(Microsoft.CodeAnalysis.CSharp.SymbolDisplay.FormatLiteral(v.Path.Substring(colon + 1), quote: true))
                        .Append(", ").Append(Microsoft.CodeAnalysis.CSharp.SymbolDisplay.FormatLiteral(v.Member!, quote: true)).Append(", typeof(").Append(v.MemberType).Append("))");
                    AppendForm(text, v);
                    continue;
                }

                text.Append(".JoinedValue(").Append(v.Table.ToString(CultureInfo.InvariantCulture)).Append(", ").Append(v.Path.Substring(0, colon)).Append(", ")
                    .Append(Microsoft.CodeAnalysis.CSharp.SymbolDisplay.FormatLiteral(v.Path.Substring(colon + 1), quote: true))
                    .Append(", ").Append(Microsoft.CodeAnalysis.CSharp.SymbolDisplay.FormatLiteral(v.Member!, quote: true)).Append(", typeof(").Append(v.MemberType).Append("))");
                AppendForm(text, v);
            }

            // The sub-queries of the joined tables' own Where conditions, read in their ON conditions, then those of the
            // join's Where conditions (MicroDbGenerator.Subqueries.cs), checked at each run.
            foreach (var (table, path) in (_subqueries ?? new List<(int, string)>()).Where(q => q.Where < 0).Distinct())
            {
                text.Append(".JoinedOnSubquery(").Append((-table).ToString(CultureInfo.InvariantCulture)).Append(", ")
                    .Append(Microsoft.CodeAnalysis.CSharp.SymbolDisplay.FormatLiteral(path, quote: true)).Append(')');
            }

            _subqueries?.RemoveAll(q => q.Where < 0);
            AppendSubqueries(text);
            AppendReal(text, values);
            w.Line(text.Append(formats).Append(';').ToString());
            return name;
        }
    }

    /// <summary>
    /// The markers of a join's result text (<see cref="JoinSpec.Reader"/>): a member read and a left-joined row's missing
    /// test, replaced by reads of the row objects or of the statement's columns.
    /// </summary>
    private static class JoinMarkers
    {
        private const char MemberMark = '\u0001', MissingMark = '\u0002';

        public static string Member(int table, string member) => MemberMark + table.ToString(CultureInfo.InvariantCulture) + ":" + member + MemberMark;

        public static string Missing(int table) => MissingMark + table.ToString(CultureInfo.InvariantCulture) + MissingMark;

        /// <summary>Replaces every marker of <paramref name="text"/>.</summary>
        public static string Replace(string text, System.Func<int, string, string> member, System.Func<int, string> missing)
        {
            var result = new StringBuilder(text.Length);
            for (var i = 0; i < text.Length; i++)
            {
                var mark = text[i];
                if (mark is not (MemberMark or MissingMark))
                {
                    result.Append(mark);
                    continue;
                }

                var end = text.IndexOf(mark, i + 1);
                var inner = text.Substring(i + 1, end - i - 1);
                if (mark == MemberMark)
                {
                    var colon = inner.IndexOf(':');
                    result.Append(member(int.Parse(inner.Substring(0, colon), CultureInfo.InvariantCulture), inner.Substring(colon + 1)));
                }
                else
                {
                    result.Append(missing(int.Parse(inner, CultureInfo.InvariantCulture)));
                }

                i = end;
            }

            return result.ToString();
        }
    }
}
