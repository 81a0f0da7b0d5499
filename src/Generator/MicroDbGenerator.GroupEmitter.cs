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
    // The build-time front end for grouping, part two: the query model GroupState builds at run time (BuildSelect, Count).
    private static partial class InterceptorEmitter
    {
        /// <summary>
        /// The grouped chain's SQL and its values in slot order (the Where conditions', then HAVING's), or why it is declined.
        /// A key whose GROUP BY term depends on the storage format (a DateTime, DateTimeOffset or decimal) gives a second text
        /// for sqlite-net's format, and <c>Formats</c> is the site's call that chooses between them at run time.
        /// </summary>
        private static (string? Sql, string? Formats, List<LoweredNode>? Values, string? Declined) WriteGroup(QueryChain chain, GroupSpec group, EntityModel model)
        {
            _havingSubqueries = null;
            _microDbRefused = false;
            var (microDb, values, declined) = WriteGroup(chain, group, model, sqliteNet: false, dateText: false);
            if (_microDbRefused)
            {
                // A DateTimeOffset compared with a value: the run time refuses it under MicroDb's format (such runs take its path).
                (microDb, values, declined) = (null, null, null);
            }

            var (sqliteNet, sqliteNetValues, sqliteNetDeclined) = WriteGroup(chain, group, model, sqliteNet: true, dateText: false);
            var dateParts = group.KeyMembers.Any(m => m.IndexOf('.') >= 0 && KeyColumn(m, model)?.Kind is ColumnKind.DateTime or ColumnKind.DateTimeText);
            var (dateText, _, dateTextDeclined) = dateParts ? WriteGroup(chain, group, model, sqliteNet: true, dateText: true) : default;
            _datesPass = null;
            if ((declined ?? sqliteNetDeclined ?? dateTextDeclined) is { } reason)
            {
                return (null, null, null, reason);
            }

            if (sqliteNet is null)
            {
                return (null, null, null, "the run-time path refuses the grouping key under both storage formats");
            }

            values = MergeDates(values, sqliteNetValues);
            if (microDb == sqliteNet && !dateParts)
            {
                return (microDb, null, values, null);
            }

            // A DateTime key, or a DateTime's Min/Max (chosen by its order key): under a sqlite-net text format that writes a
            // zone (or does not sort) the run time refuses or orders differently, so the site sends such runs to it.
            var dateTimeKeys = group.KeyMembers.Concat(group.Aggregates.Where(a => a.StartsWith("min:", System.StringComparison.Ordinal) || a.StartsWith("max:", System.StringComparison.Ordinal)).Select(a => a.Substring(4)))
                .Any(m => KeyColumn(m, model)?.Kind is ColumnKind.DateTime or ColumnKind.DateTimeText);
            var formats = ".Formats(" + (microDb is null ? "false, null" : "true, " + Microsoft.CodeAnalysis.CSharp.SymbolDisplay.FormatLiteral(sqliteNet!, quote: true))
                + ", " + (dateTimeKeys ? "true" : "false") + ")";
            if (dateParts)
            {
                // sqlite-net's text DateTime: the text positions' SQL, which the site uses only where the format's layout has them.
                var timeParts = group.KeyMembers.Any(m => m.EndsWith(".Hour", System.StringComparison.Ordinal) || m.EndsWith(".Minute", System.StringComparison.Ordinal) || m.EndsWith(".Second", System.StringComparison.Ordinal));
                formats += ".DateParts(" + (dateText is null ? "null" : Microsoft.CodeAnalysis.CSharp.SymbolDisplay.FormatLiteral(dateText, quote: true)) + ", " + (timeParts ? "true" : "false") + ")";
            }

            // A DateTime's or decimal's Min/Max in HAVING or ORDER BY: the sqlite-net formats the run time refuses (GroupHaving.cs).
            formats += SqliteNetRuns(chain, model);
            return (microDb ?? sqliteNet, formats, values, null);
        }

        /// <summary>
        /// The GROUP BY term (and ORDER BY key) of a key part: the run time's order key for its column under the storage
        /// format (<see cref="SqlStoredKeys"/>), or null where the run time refuses it (a DateTimeOffset under MicroDb's format).
        /// </summary>
        private static SqlExpression? KeyTerm(ColumnModel column, bool sqliteNet)
        {
            var value = new SqlColumn(column.ColumnName);
            return column.Kind switch
            {
                ColumnKind.DateTime => sqliteNet ? value : SqlStoredKeys.DateTimeTicks(value),
                ColumnKind.DateTimeText => sqliteNet ? value : SqlStoredKeys.DateTimeText(value),
                ColumnKind.DateTimeOffset => sqliteNet ? value : null,
                ColumnKind.Decimal => sqliteNet ? SqlStoredKeys.SqliteNetDecimal(SqlStoredKeys.DecimalValue(value)) : SqlStoredKeys.Decimal(value),
                ColumnKind.Single or ColumnKind.Double => column.IsNullableValueType ? value : SqlStoredKeys.FloatingNotNull(value),
                _ => value,
            };
        }

        /// <summary>The column of a key member (<c>Member</c>, or <c>Member.Part</c> for a date part).</summary>
        private static ColumnModel? KeyColumn(string member, EntityModel model)
        {
            var dot = member.IndexOf('.');
            var name = dot < 0 ? member : member.Substring(0, dot);
            return model.Columns.FirstOrDefault(c => c.MemberName == name);
        }

        /// <summary>
        /// The GROUP BY term (and ORDER BY key) of a date part (Year ... Second, DayOfWeek, Date) of a DateTime column, the
        /// run time's (<see cref="SqlDateParts"/>): MicroDb's ticks or ISO text by the column's kind, sqlite-net's ticks, or
        /// (<paramref name="dateText"/>) the positions in sqlite-net's DateTime text. Date is a DateTime, so under MicroDb's
        /// format its term is the stored key of the part (as SqlTranslator's KeyOf looks through Date to the column); under
        /// sqlite-net's text the run time refuses it (null).
        /// </summary>
        private static SqlExpression? DatePartTerm(ColumnModel column, string part, bool sqliteNet, bool dateText)
        {
            SqlExpression Value() => new SqlColumn(column.ColumnName);
            // DayOfYear is not among the parts of a fixed position or of the ticks' arithmetic: SqlDateParts' own rule (the run time's).
            if (sqliteNet)
            {
                return dateText
                    ? SqlDateParts.TextDatePart(Value, part, allowTime: true) ?? SqlDateParts.TextDayOfYearOrMillisecond(Value, part, allowMilliseconds: false)
                    : SqlDateParts.DateTimeTicksPart(Value, part) ?? SqlDateParts.TicksDayOfYearOrMillisecond(Value, part);
            }

            var term = column.Kind switch
            {
                ColumnKind.DateTime => SqlDateParts.DateTimeTicksPart(Value, part) ?? SqlDateParts.TicksDayOfYearOrMillisecond(Value, part),
                ColumnKind.DateTimeText => SqlDateParts.DateTimeTextPart(Value, part) ?? SqlDateParts.TextDayOfYearOrMillisecond(Value, part, allowMilliseconds: true),
                _ => null,
            };
            return term is null || part != "Date" ? term
                : column.Kind == ColumnKind.DateTime ? SqlStoredKeys.DateTimeTicks(term) : SqlStoredKeys.DateTimeText(term);
        }

        /// <summary>A key member's term: <see cref="KeyTerm"/> of its column, or <see cref="DatePartTerm"/> of a date part; null with a reason when the column does not fit.</summary>
        private static SqlExpression? KeyMemberTerm(string member, EntityModel model, bool sqliteNet, bool dateText, out string? declined)
        {
            declined = null;
            var column = KeyColumn(member, model);
            var dot = member.IndexOf('.');
            if (dot >= 0 && column?.Kind == ColumnKind.String)
            {
                // A string's Length or case mapping (SqlStrings): the same text under both storage formats.
                var part = member.Substring(dot + 1);
                SqlExpression text = new SqlColumn(column.ColumnName);
                return part == "Length" ? SqlStrings.Length(text) : SqlStrings.CaseMapped(SqlStrings.CaseMapping(part.Substring(0, part.Length - 2))!, text);
            }

            if (dot >= 0)
            {
                if (column?.Kind is not (ColumnKind.DateTime or ColumnKind.DateTimeText))
                {
                    declined = $"the key's date part '{member}' is not of a DateTime column";
                    return null;
                }

                if (DatePartTerm(column, member.Substring(dot + 1), sqliteNet, dateText) is not { } term)
                {
                    // Only Date under sqlite-net's DateTime text: the run time refuses it there (the site sends such runs to it).
                    declined = dateText ? null : $"the key's date part '{member}' has no SQL under this storage format";
                    return null;
                }

                return term;
            }

            static bool Plain(ColumnModel column) => Fits(column.Kind, "integer") || column.Kind == ColumnKind.String;
            if (column?.Kind == ColumnKind.EnumText)
            {
                // The run time's GROUP BY term is the key's order key, which it refuses for an enum stored by name.
                declined = $"the key member '{member}' is an enum stored by name, which the run-time path refuses as a grouping key too (its GROUP BY term would sort by name)";
                return null;
            }

            if (column is null || !(Plain(column) || IsStoredKey(column) || column.Kind is ColumnKind.Boolean or ColumnKind.Enum or ColumnKind.Guid))
            {
                declined = $"the key member '{member}' is not stored as an integer, text, bool, enum number, Guid, DateTime, DateTimeOffset, double or decimal column";
                return null;
            }

            return KeyTerm(column, sqliteNet);
        }

        /// <summary>The kinds <see cref="KeyTerm"/> writes a key for whose term is not the bare column in both formats.</summary>
        private static bool IsStoredKey(ColumnModel column) =>
            column.Kind is ColumnKind.DateTime or ColumnKind.DateTimeText or ColumnKind.DateTimeOffset or ColumnKind.Decimal or ColumnKind.Single or ColumnKind.Double;

        /// <summary>One format's text (null, with no reason, when the run time refuses the key under it).</summary>
        private static (string? Sql, List<LoweredNode>? Values, string? Declined) WriteGroup(QueryChain chain, GroupSpec group, EntityModel model, bool sqliteNet, bool dateText)
        {
            ColumnModel? Column(string member) => model.Columns.FirstOrDefault(c => c.MemberName == member);
            static bool Plain(ColumnModel column) => Fits(column.Kind, "integer") || column.Kind == ColumnKind.String;

            // The values in slot order: the SELECT list's (Count(predicate) comparing with values; none for a Count of the
            // groups, which selects no aggregate), the Where conditions', the computed key's, HAVING's.
            var counting = Sync(chain.Steps[chain.Steps.Count - 1].Method) == "Count";
            var values = new List<LoweredNode>();

            // Date comparisons (a Where's, a Count predicate's, a conditional key's, HAVING's) are written for this format (ConditionDates.cs).
            _datesPass = sqliteNet;

            // SELECT: the key's columns the result reads, bare and in table order, then the aggregates in the order the result reads them.
            var projection = model.Columns.Where(c => group.Used.Contains(c.MemberName)).Select(c => (SqlExpression)new SqlColumn(c.ColumnName)).ToList();
            string? declined = null;
            for (var i = 0; i < group.Aggregates.Count; i++)
            {
                if (SelectedAggregate(group, i, model, counting ? new List<LoweredNode>() : values, sqliteNet, ref declined) is not { } value)
                {
                    return (null, null, declined);
                }

                projection.Add(value);
            }

            if (projection.Count == 0)
            {
                projection.Add(SqlLiteral.One);
            }

            var predicates = new List<SqlExpression>();
            foreach (var step in chain.Steps)
            {
                if (step.Method == "Where")
                {
                    if (Condition(step.Predicate!, model, values, predicates.Count, ref declined) is not { } node)
                    {
                        return (null, null, declined);
                    }

                    predicates.Add(node);
                }
            }


            // GROUP BY: each key part as it sorts (and so compares), SqlTranslator's order key under this storage format
            // (under sqlite-net's text DateTime, dateText: a date part's text positions); a computed part binds its values.
            var terms = new List<SqlExpression>();
            foreach (var member in group.KeyMembers)
            {
                if ((member.StartsWith("#", System.StringComparison.Ordinal) ? ComputedKeyTerm(group, member, model, values, ref declined) : KeyMemberTerm(member, model, sqliteNet, dateText, out declined)) is not { } term)
                {
                    return (null, null, declined);
                }

                terms.Add(term);
            }

            _havingGroup = group;
            var havings = new List<SqlExpression>();
            var orderings = new List<SqlOrdering>();
            var then = 0;
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
                    case "Having":
                        {
                            if (HavingCondition(step.Predicate!, model, values, havings.Count, sqliteNet, dateText, ref declined) is not { } node)
                            {
                                return (null, null, declined);
                            }

                            havings.Add(node);
                            break;
                        }

                    case "OrderBy" or "OrderByDescending" or "ThenBy" or "ThenByDescending":
                        {
                            SqlExpression key;
                            if (step.Predicate is { } arithmetic)
                            {
                                // Arithmetic over the groups: the run time's order key of it (a non-nullable double's ifnull(v, 0)); it binds no value.
                                if (GroupsKeyed(arithmetic, GroupsKind(arithmetic, model), model, values, "", sqliteNet, ref declined) is not { } term)
                                {
                                    return (null, null, declined);
                                }

                                key = term;
                            }
                            else if (step.Aggregate is { } aggregate)
                            {
                                if (AggregateKey(aggregate, model, sqliteNet, ref declined) is not { } value)
                                {
                                    return (null, null, declined);
                                }

                                key = value;
                            }
                            else if (step.KeyMember!.StartsWith("#", System.StringComparison.Ordinal))
                            {
                                // A computed key part: its GROUP BY term, its values bound again (none for a Count, which does not order).
                                if (ComputedKeyTerm(group, step.KeyMember, model, counting ? new List<LoweredNode>() : values, ref declined) is not { } term)
                                {
                                    return (null, null, declined);
                                }

                                key = term;
                            }
                            else if (step.KeyMember!.IndexOf('.') >= 0)
                            {
                                if (KeyMemberTerm(step.KeyMember, model, sqliteNet, dateText, out var refused) is not { } term)
                                {
                                    return (null, null, refused);
                                }

                                key = term;
                            }
                            else if (Column(step.KeyMember!) is { } column && (Plain(column) || IsStoredKey(column) || column.Kind is ColumnKind.Boolean or ColumnKind.Enum or ColumnKind.Guid))
                            {
                                if (KeyTerm(column, sqliteNet) is not { } term)
                                {
                                    return (null, null, null);
                                }

                                key = term;
                            }
                            else
                            {
                                return (null, null, $"the ordering member '{step.KeyMember}' is not an integer, text, bool, enum number, Guid, DateTime, DateTimeOffset, double or decimal column");
                            }

                            var isThen = step.Method.StartsWith("ThenBy", System.StringComparison.Ordinal);
                            orderings.Insert(isThen ? then : 0, new SqlOrdering(key, step.Method.EndsWith("Descending", System.StringComparison.Ordinal)));
                            then = isThen ? then + 1 : 1;
                            break;
                        }
                }
            }

            var where = new ValueList<SqlExpression>(predicates.ToArray());
            var having = new ValueList<SqlExpression>(havings.ToArray());
            QueryModel Model(List<SqlExpression> select, bool includeOrder, int? cap) =>
                new(new SqlTable(model.TableName), new ValueList<SqlExpression>(select.ToArray()), false, where,
                    includeOrder ? new ValueList<SqlOrdering>(orderings.ToArray()) : ValueList<SqlOrdering>.Empty,
                    cap is { } c ? (limit is { } mine ? System.Math.Min(mine, c) : c) : limit, offset)
                {
                    GroupBy = new ValueList<SqlExpression>(terms.ToArray()),
                    Having = having,
                };

            var query = Sync(chain.Steps[chain.Steps.Count - 1].Method) switch
            {
                "Count" => QueryModel.Select(new SqlSubquery(Model(new List<SqlExpression> { SqlLiteral.One }, includeOrder: false, null)), CountAll),
                "First" or "FirstOrDefault" => Model(projection, includeOrder: true, 1),
                _ => Model(projection, includeOrder: true, null),
            };
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
        /// The <paramref name="index"/>-th aggregate of the SELECT list: <see cref="AggregateSql"/>, or for a Count(predicate)
        /// comparing with values (<c>countif:#k</c>) its condition written as a Where's, its values added to
        /// <paramref name="values"/> as read from the aggregate's lambda (<c>LiftedValue</c>).
        /// </summary>
        private static SqlExpression? SelectedAggregate(GroupSpec group, int index, EntityModel model, List<LoweredNode> values, bool sqliteNet, ref string? declined)
        {
            var aggregate = group.Aggregates[index];
            if (!aggregate.StartsWith("countif:#", System.StringComparison.Ordinal))
            {
                return AggregateSql(aggregate, model, sqliteNet, ref declined);
            }

            var first = values.Count;
            var condition = group.CountConditions[int.Parse(aggregate.Substring(9), CultureInfo.InvariantCulture)];
            if (HoldsSubquery(condition))
            {
                declined = "a sub-query in the predicate of Count over a group is not lowered at build time";
                return null;
            }

            if (Condition(condition, model, values, index, ref declined) is not { } written)
            {
                return null;
            }

            for (var i = first; i < values.Count; i++)
            {
                // The aggregate's call is Count(g, x => ...): 'a' steps into its lambda's body.
                var path = values[i].Path!;
                var colon = path.IndexOf(':');
                values[i] = values[i] with { Family = "lifted:" + values[i].Family, Path = path.Substring(0, colon + 1) + "a" + path.Substring(colon + 1) };
            }

            return SqlAggregates.CountWhere(written);
        }

        /// <summary>
        /// A computed key part's GROUP BY term (<c>("Age" / ?)</c>): the setters' arithmetic (<c>Computed</c>, the run-time
        /// translator's grouped binaries), each value bound as one compared with no column (<c>KeyValue</c>).
        /// </summary>
        private static SqlExpression? ComputedKeyTerm(GroupSpec group, string member, EntityModel model, List<LoweredNode> values, ref string? declined)
        {
            string? refused = null;
            var term = StoredKeyTerm(group.ComputedKeys[int.Parse(member.Substring(1), CultureInfo.InvariantCulture)], node => ComputedKeyPart(node, model, values, ref refused));
            declined = refused;
            return term;
        }

        /// <summary>A computed key part's term under its stored key (<see cref="ComputedKeyTerm(GroupSpec, string, EntityModel, List{LoweredNode}, ref string?)"/>).</summary>
        private static SqlExpression? ComputedKeyPart(LoweredNode node, EntityModel model, List<LoweredNode> values, ref string? declined)
        {
            if (node.Op == "?:" && HoldsSubquery(node.Left!))
            {
                declined = "a sub-query in a conditional group key is not lowered at build time";
                return null;
            }

            if (node.Op == "?:")
            {
                // (CASE WHEN cond THEN ? ELSE ? END): the condition as a Where's (its values as their members store them), then the two values.
                var before = values.Count;
                var test = Condition(node.Left!, model, values, 0, ref declined);
                for (var i = before; i < values.Count; i++)
                {
                    values[i] = values[i] with { Family = "key:" + values[i].Family };
                }

                var whenTrue = test is null ? null : BranchKeyTerm(node.Right!.Left!, model, values, ref declined);
                var otherwise = whenTrue is null ? null : BranchKeyTerm(node.Right!.Right!, model, values, ref declined);
                return otherwise is null ? null : new SqlGroup(new SqlCase(test!, whenTrue!, otherwise));
            }

            return ComputedKeyTerm(node, model, values, ref declined);
        }

        /// <summary>A branch of a conditional key part: <c>notnull</c> (a non-nullable float branch of a nullable <c>?:</c>) as <see cref="SqlStoredKeys.FloatingNotNull"/> over its term.</summary>
        private static SqlExpression? BranchKeyTerm(LoweredNode node, EntityModel model, List<LoweredNode> values, ref string? declined) =>
            node.Op == "notnull"
                ? (ComputedKeyTerm(node.Left!, model, values, ref declined) is { } value ? SqlStoredKeys.FloatingNotNull(value) : null)
                : ComputedKeyTerm(node, model, values, ref declined);

        /// <summary>Whether a lowered condition holds a sub-query (whose checks the site reads from the Where lambdas only).</summary>
        private static bool HoldsSubquery(LoweredNode? node) => node is not null && (IsSubqueryNode(node) || HoldsSubquery(node.Left) || HoldsSubquery(node.Right));

        /// <summary>The setters' arithmetic (<c>Computed</c>) over a key's node, its values bound as values compared with no column.</summary>
        private static SqlExpression? ComputedKeyTerm(LoweredNode node, EntityModel model, List<LoweredNode> values, ref string? declined)
        {
            var first = values.Count;
            var term = Computed(node, model, new LoweredNode("key"), 0, values, ref declined);
            for (var i = first; i < values.Count; i++)
            {
                values[i] = new LoweredNode("key", Family: "key:", Path: "0:" + values[i].Path);
            }

            return term;
        }

        /// <summary>
        /// An aggregate's SQL (<see cref="SqlAggregates"/>, the run-time translator's): SQL's own over an integer or double
        /// column; MicroDb's exact functions for a decimal's Sum/Average, a string's Min/Max, and the Min/Max of a decimal or
        /// DateTime, chosen by the column's order key under the storage format (<see cref="KeyTerm"/>).
        /// </summary>
        /// <summary>Why a <c>g.Count(predicate)</c> whose predicate compares with values is not lowered in HAVING or an ordering (MDB0013).</summary>
        internal const string CountWhereWithValuesReason =
            "a Count(predicate) whose predicate compares with values (x => x.Qty > 1) is lowered at build time only in the grouping's result, "
            + "not in a condition over the groups (Where after GroupBy) or an ordering of them";

        private static SqlExpression? AggregateSql(string aggregate, EntityModel model, bool sqliteNet, ref string? declined)
        {
            if (aggregate == "count")
            {
                return SqlAggregates.CountAll();
            }

            if (aggregate == "countif:#")
            {
                // Count(predicate) comparing with values outside the grouping's result (a HAVING condition, an ordering): its
                // values are bound only in the SELECT list (SelectedAggregate), so the run-time path runs it.
                declined = CountWhereWithValuesReason;
                return null;
            }

            if (aggregate.StartsWith("countif:", System.StringComparison.Ordinal))
            {
                // A condition of bool members: no value, so the list stays empty.
                var position = 8;
                return Condition(ConditionOfText(aggregate, ref position), model, new List<LoweredNode>(), 0, ref declined) is { } condition ? SqlAggregates.CountWhere(condition) : null;
            }

            var colon = aggregate.IndexOf(':');
            var name = aggregate.Substring(0, colon) switch { "sum" => "Sum", "avg" => "Average", "min" => "Min", _ => "Max" };
            var member = aggregate.Substring(colon + 1);
            var column = model.Columns.FirstOrDefault(c => c.MemberName == member);
            var value = new SqlColumn(column?.ColumnName ?? "");
            var extreme = name is "Min" or "Max";
            switch (column?.Kind)
            {
                case { } kind when Fits(kind, "integer") || kind is ColumnKind.Double or ColumnKind.Single:
                    return SqlAggregates.Of(name, value);
                case ColumnKind.Decimal when !extreme:
                    return SqlAggregates.DecimalTotal(name, value);
                case ColumnKind.String when extreme:
                    return SqlAggregates.TextExtreme(name, value);
                case ColumnKind.Decimal or ColumnKind.DateTime or ColumnKind.DateTimeText when extreme:
                    return SqlAggregates.Best(name, KeyTerm(column!, sqliteNet)!, value);
                default:
                    declined = $"the aggregated member '{member}' is not stored as an integer, double, decimal, DateTime or text column";
                    return null;
            }
        }

        /// <summary>The condition <c>MicroDbGenerator.ConditionText</c> wrote, read from <paramref name="position"/> on.</summary>
        private static LoweredNode ConditionOfText(string text, ref int position)
        {
            switch (text[position])
            {
                case '!':
                    position++;
                    return new LoweredNode("not", Left: ConditionOfText(text, ref position));
                case '(':
                    {
                        position++;
                        var left = ConditionOfText(text, ref position);
                        var op = text[position++] == '&' ? "and" : "or";
                        var right = ConditionOfText(text, ref position);
                        position++;
                        return new LoweredNode(op, Left: left, Right: right);
                    }

                default:
                    {
                        var start = position;
                        while (position < text.Length && text[position] is not ('&' or '|' or ')'))
                        {
                            position++;
                        }

                        return new LoweredNode("bool", text.Substring(start, position - start), Family: "bool");
                    }
            }
        }

        /// <summary>
        /// An aggregate as HAVING compares it and ORDER BY sorts it, the run time's key: a double one (an average, or over a
        /// double member, of a member that is not nullable: never null in .NET) as <c>ifnull(aggregate, 0)</c>, a decimal total as its exact key
        /// (<c>microdb_sum_decimal_key</c>), the others as in the SELECT list.
        /// </summary>
        private static SqlExpression? AggregateKey(string aggregate, EntityModel model, bool sqliteNet, ref string? declined)
        {
            if (ExtremeKey(aggregate, model, sqliteNet, ref declined) is { } extreme)
            {
                return extreme;
            }

            var member = aggregate.Substring(aggregate.IndexOf(':') + 1);
            if ((aggregate.StartsWith("sum:", System.StringComparison.Ordinal) || aggregate.StartsWith("avg:", System.StringComparison.Ordinal))
                && model.Columns.FirstOrDefault(c => c.MemberName == member) is { Kind: ColumnKind.Decimal } total)
            {
                // A decimal total sorts by its exact key (the run time's ExactAggregateKey).
                return SqlAggregates.DecimalTotalKey(aggregate.StartsWith("sum:", System.StringComparison.Ordinal) ? "Sum" : "Average", new SqlColumn(total.ColumnName));
            }

            if (AggregateSql(aggregate, model, sqliteNet, ref declined) is not { } value)
            {
                return null;
            }

            // A nullable member's (a double? result, which .NET can hold null) compares and sorts as it is, guarded (GroupHaving.cs).
            var floating = (aggregate.StartsWith("avg:", System.StringComparison.Ordinal)
                || aggregate != "count" && model.Columns.FirstOrDefault(c => c.MemberName == member)?.Kind is ColumnKind.Double or ColumnKind.Single)
                && model.Columns.FirstOrDefault(c => c.MemberName == member)?.IsNullableValueType != true;
            return floating ? SqlStoredKeys.FloatingNotNull(value) : value;
        }

        /// <summary>
        /// A HAVING condition: comparisons of key members (as <see cref="Condition"/> writes a Where's), of a key's date
        /// parts (their GROUP BY term) and of integer and double aggregates with a closed value, each value a slot read from
        /// the <paramref name="having"/>-th condition.
        /// </summary>
        private static SqlExpression? HavingCondition(LoweredNode node, EntityModel model, List<LoweredNode> values, int having, bool sqliteNet, bool dateText, ref string? declined)
        {
            switch (node.Op)
            {
                case "and" or "or":
                    {
                        var left = HavingCondition(node.Left!, model, values, having, sqliteNet, dateText, ref declined);
                        var right = left is null ? null : HavingCondition(node.Right!, model, values, having, sqliteNet, dateText, ref declined);
                        return right is null ? null : new SqlGroup(new SqlBinary(left!, node.Op == "and" ? SqlOperator.And : SqlOperator.Or, right));
                    }

                case "not":
                    {
                        var operand = HavingCondition(node.Left!, model, values, having, sqliteNet, dateText, ref declined);
                        return operand is null ? null : new SqlGroup(new SqlUnary(SqlUnaryOperator.Not, operand));
                    }
            }

            var first = values.Count;
            SqlExpression Compare(SqlExpression operand)
            {
                var value = new SqlParameter(values.Count, null);
                values.Add(node with { Left = null, Right = null, Member = null, Family = "having:" + node.Family, Path = having.ToString(CultureInfo.InvariantCulture) + ":" + node.Path });
                var op = SqlComparisons.Of(node.Op);
                return new SqlGroup(node.ValueOnLeft ? new SqlBinary(value, op, operand) : new SqlBinary(operand, op, value));
            }

            if (node.Family?.StartsWith("groups:", System.StringComparison.Ordinal) == true)
            {
                // Two values of the groups, an aggregate and null, or arithmetic over aggregates (MicroDbGenerator.GroupHaving.cs).
                return GroupsCondition(node, model, values, having, sqliteNet, dateText, ref declined);
            }

            if (IsSubqueryNode(node))
            {
                // A sub-query reading g.Key (MicroDbGenerator.HavingSubqueries.cs).
                return HavingSubquery(node, model, values, having, ref declined);
            }

            if (node.Family != "aggregate" && node.Member!.IndexOf('.') >= 0)
            {
                // A key's date part (At.Year): its GROUP BY term compared with the value, bound as a value compared with no column.
                if (KeyMemberTerm(node.Member, model, sqliteNet, dateText, out var refused) is not { } term)
                {
                    declined = refused;
                    return null;
                }

                return Compare(term);
            }

            if (node.Family != "aggregate")
            {
                // A key part: the Where's comparison, its value marked as HAVING's.
                var comparison = Condition(node, model, values, having, ref declined);
                for (var i = first; i < values.Count; i++)
                {
                    values[i] = values[i] with { Family = "having:" + values[i].Family };
                }

                return comparison;
            }

            // An aggregate (MicroDbGenerator.GroupHaving.cs).
            return HavingAggregate(node, model, values, having, sqliteNet, ref declined);
        }

        /// <summary>
        /// A chain ending on <c>GroupedQuery&lt;TResult&gt;</c> (or GroupByQuery's Count): the interceptor is generic over the
        /// result and passes a static projector over the row holding the key's columns (<c>e</c>) and the aggregates (<c>a</c>).
        /// </summary>
        private static void EmitGroupChain(SourceWriter w, QueryChain chain, string sql, string? formats, List<LoweredNode> values, int index)
        {
            w.Line("// " + Comment(chain));
            var site = EmitGroupSite(w, sql, formats, values, index);
            var terminal = chain.Steps[chain.Steps.Count - 1];
            var projector = chain.Group!.Projector;
            if (chain.Async && projector is null)
            {
                // AsyncGroupByQuery's CountAsync (no Select): GroupByQuery's Count helper run on one of the pool's readers.
                w.Line(terminal.Intercept!);
                w.Line("public static global::System.Threading.Tasks.ValueTask<int> " + terminal.Method + index.ToString(CultureInfo.InvariantCulture)
                    + "<TKey, TElement>(this AsyncGroupByQuery<TKey, TElement> query, global::System.Threading.CancellationToken cancellationToken) =>");
                w.Line("    " + Runtime + ".ReadAsync(query, static (q, ct) => " + Runtime + ".Count(q, " + site + "), cancellationToken);");
                w.Line();
                return;
            }

            // A computed key's captured values the projector reads: locals read once per run (QueryInterception.KeyOperand).
            var operands = Sync(terminal.Method) == "Count" ? [] : chain.Group.KeyOperands.ToArray();
            string Locals(string query) => string.Concat(operands.Select(o => "var " + o.Member + " = " + Runtime + ".KeyOperand<TResult, " + o.MemberType + ">(" + query + ", "
                + Microsoft.CodeAnalysis.CSharp.SymbolDisplay.FormatLiteral(o.Path!, quote: true) + "); "));
            var lambda = operands.Length == 0 ? "static (e, a) => " : "(e, a) => ";
            if (chain.Async)
            {
                // The async query's terminal: the sync helper run on one of the pool's readers (QueryInterception.ReadAsync).
                var project = ", " + lambda + projector;
                var (value, run) = terminal.Method switch
                {
                    "ToListAsync" => ("global::System.Collections.Generic.List<TResult>", "ToList(q, " + site + project + ", ct)"),
                    "ToArrayAsync" => ("TResult[]", "ToList(q, " + site + project + ", ct).ToArray()"),
                    "CountAsync" => ("int", "Count(q, " + site + ")"),
                    "FirstOrDefaultAsync" => ("TResult", "FirstOrDefault(q, " + site + project + ")"),
                    _ => ("TResult", "First(q, " + site + project + ")"),
                };
                w.Line(terminal.Intercept!);
                w.Line("public static global::System.Threading.Tasks.ValueTask<" + value + "> " + terminal.Method + index.ToString(CultureInfo.InvariantCulture)
                    + "<TResult>(this AsyncGroupedQuery<TResult> query, global::System.Threading.CancellationToken cancellationToken) =>");
                w.Line("    " + Runtime + ".ReadAsync(query, static (q, ct) => " + (operands.Length == 0 ? Runtime + "." + run : "{ " + Locals("q") + "return " + Runtime + "." + run + "; }") + ", cancellationToken);");
                w.Line();
                return;
            }

            var (returns, generic, query) = terminal.Method switch
            {
                "ToList" => ("global::System.Collections.Generic.List<TResult>", "<TResult>", "GroupedQuery<TResult>"),
                "ToArray" => ("TResult[]", "<TResult>", "GroupedQuery<TResult>"),
                "Count" when projector is null => ("int", "<TKey, TElement>", "GroupByQuery<TKey, TElement>"),
                "Count" => ("int", "<TResult>", "GroupedQuery<TResult>"),
                _ => ("TResult", "<TResult>", "GroupedQuery<TResult>"),
            };
            var arguments = site + (terminal.Method == "Count" ? "" : ", " + lambda + projector);
            w.Line(terminal.Intercept!);
            w.Line("public static " + returns + " " + terminal.Method + index.ToString(CultureInfo.InvariantCulture) + generic + "(this " + query + " query)" + (operands.Length == 0 ? " =>" : ""));
            if (operands.Length == 0)
            {
                w.Line("    " + Runtime + "." + terminal.Method + "(query, " + arguments + ");");
            }
            else
            {
                w.Line("{");
                foreach (var local in Locals("query").TrimEnd().Split(new[] { "; " }, System.StringSplitOptions.None))
                {
                    w.Line("    " + local.TrimEnd(';') + ";");
                }

                w.Line("    return " + Runtime + "." + terminal.Method + "(query, " + arguments + ");");
                w.Line("}");
            }

            w.Line();
        }

        /// <summary>
        /// The grouping's site: the SQL constant, then per value in slot order <c>Value</c> (a Where's, compared with a
        /// member) or <c>HavingValue</c> (a HAVING condition's, compared with a key member or, member null, an aggregate),
        /// then the sub-queries' checks (<c>Subquery</c>), then, for a key whose term depends on the storage format, <c>Formats</c>.
        /// </summary>
        private static string EmitGroupSite(SourceWriter w, string sql, string? formats, List<LoweredNode> values, int index)
        {
            var name = "Site" + index.ToString(CultureInfo.InvariantCulture);
            var text = new StringBuilder("private static readonly " + SiteType + " " + name + " = new " + SiteType + "(" + Microsoft.CodeAnalysis.CSharp.SymbolDisplay.FormatLiteral(sql, quote: true) + ")");
            foreach (var v in values)
            {
                var colon = v.Path!.IndexOf(':');
                if (v.Family?.StartsWith("key:", System.StringComparison.Ordinal) == true)
                {
                    // A computed key's value (GROUP BY, or an ORDER BY term repeating it), read from the key selector.
                    text.Append(".KeyValue(").Append(Microsoft.CodeAnalysis.CSharp.SymbolDisplay.FormatLiteral(v.Path.Substring(colon + 1), quote: true)).Append(", ")
                        .Append(v.Member is null ? "null" : Microsoft.CodeAnalysis.CSharp.SymbolDisplay.FormatLiteral(v.Member, quote: true)).Append(", typeof(").Append(v.MemberType ?? "object").Append("))");
                    AppendForm(text, v);
                    continue;
                }

                if (v.Family?.StartsWith("lifted:", System.StringComparison.Ordinal) == true)
                {
                    // A Count(predicate)'s value (SELECT list), read from the result's aggregate.
                    text.Append(".LiftedValue(").Append(v.Path.Substring(0, colon)).Append(", ")
                        .Append(Microsoft.CodeAnalysis.CSharp.SymbolDisplay.FormatLiteral(v.Path.Substring(colon + 1), quote: true)).Append(", ")
                        .Append(Microsoft.CodeAnalysis.CSharp.SymbolDisplay.FormatLiteral(v.Member!, quote: true)).Append(", typeof(").Append(v.MemberType ?? "object").Append("))");
                    AppendForm(text, v);
                    continue;
                }

                var having = v.Family?.StartsWith("having:", System.StringComparison.Ordinal) == true;
                var member = v.Member is null ? "null" : Microsoft.CodeAnalysis.CSharp.SymbolDisplay.FormatLiteral(v.Member, quote: true);
                text.Append(v.Family == "having:key" ? ".HavingKeyValue(" : having ? ".HavingValue(" : ".Value(").Append(v.Path.Substring(0, colon)).Append(", ")
                    .Append(Microsoft.CodeAnalysis.CSharp.SymbolDisplay.FormatLiteral(v.Path.Substring(colon + 1), quote: true)).Append(", ").Append(member)
                    .Append(", typeof(").Append(v.MemberType ?? "object").Append("))");
                AppendForm(text, v);
            }

            // The sub-queries of the Where conditions before GroupBy (MicroDbGenerator.Subqueries.cs), checked at each run.
            AppendSubqueries(text);
            AppendReal(text, values);
            AppendHavingSubqueries(text);
            w.Line(text.Append(formats).Append(';').ToString());
            return name;
        }
    }
}
