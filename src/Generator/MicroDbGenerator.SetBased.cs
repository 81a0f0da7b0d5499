using System.Collections.Generic;
using System.Linq;
using System.Text;
using MicroDb.Generator.Model;
using MicroDb.Generator.Shared;
using MicroDb.Generator.Shared.Query;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Operations;

namespace MicroDb.Generator;

// The build-time front end of set-based writes: ExecuteDelete() and ExecuteUpdate(s => s.Set(...)...) (and their async
// forms) after Where (and OrderBy/Take/Skip: the rows are then a sub-query on the key) on one table, written as
// TableQuery<T>.BuildDelete/BuildUpdate write them at run time.
public sealed partial class MicroDbGenerator
{
    private static partial class QueryChains
    {
        /// <summary>Whether <paramref name="name"/> is a set-based write's terminal.</summary>
        private static bool IsWrite(string name) => name is "ExecuteDelete" or "ExecuteUpdate" or "ExecuteDeleteAsync" or "ExecuteUpdateAsync";

        /// <summary>
        /// The write's step: ExecuteDelete's, or ExecuteUpdate's with its Set calls lowered (<c>set</c> nodes whose Left is the
        /// value's arithmetic over the row, or null for a value read at run time); null with the reason when it is declined.
        /// </summary>
        private static ChainStep? LowerWrite(IInvocationOperation call, string name, string intercept, out string? reason)
        {
            reason = null;
            if (!name.StartsWith("ExecuteUpdate", System.StringComparison.Ordinal))
            {
                return new ChainStep(name, intercept);
            }

            if (call.Arguments.FirstOrDefault(a => a.Parameter?.Name == "setters") is not { } argument
                || LambdaOf(argument.Value) is not { } lambda || lambda.Symbol.Parameters.Length != 1
                || lambda.Body.Operations.Length != 1 || lambda.Body.Operations[0] is not IReturnOperation { ReturnedValue: { } body })
            {
                reason = "the setters of ExecuteUpdate are not a lambda with an expression body written at the call";
                return null;
            }

            var calls = new List<IInvocationOperation>();
            var current = body;
            while (current is IInvocationOperation { TargetMethod: { Name: "Set", ContainingType: { Name: "UpdateSetters", Arity: 1 } } } set)
            {
                calls.Add(set);
                current = set.Instance;
            }

            if (calls.Count == 0 || current is not IParameterReferenceOperation builder || !SymbolEqualityComparer.Default.Equals(builder.Parameter, lambda.Symbol.Parameters[0]))
            {
                reason = "the setters of ExecuteUpdate are not a chain of Set calls on the lambda's parameter";
                return null;
            }

            calls.Reverse();
            var setters = new List<LoweredNode>();
            foreach (var set in calls)
            {
                if (set.Arguments.Length != 2 || LambdaOf(set.Arguments[0].Value) is not { } memberLambda || memberLambda.Symbol.Parameters.Length != 1
                    || new Lowering(memberLambda).Body is not IPropertyReferenceOperation { Instance: IParameterReferenceOperation row, Property: { Parameters.Length: 0 } member }
                    || !SymbolEqualityComparer.Default.Equals(row.Parameter, memberLambda.Symbol.Parameters[0]))
                {
                    reason = $"'{set.Syntax}' does not name a member of the row as x => x.Member";
                    return null;
                }

                if (!IsAccessible(member.Type))
                {
                    reason = $"the type of member '{member.Name}' is not accessible to generated code";
                    return null;
                }

                var memberType = member.Type.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat);
                LoweredNode? value = null;
                if (LambdaOf(set.Arguments[1].Value) is { } valueLambda)
                {
                    // Set(member, x => ...): SQLite computes it from the row's members; a lambda that reads no member is a value.
                    var lowering = new Lowering(valueLambda);
                    var parameter = valueLambda.Symbol.Parameters[0];
                    if (lowering.Body is null)
                    {
                        reason = $"the value of '{set.Syntax}' has a statement body";
                        return null;
                    }

                    if (Reads(lowering.Body, parameter) && (value = Arithmetic(lowering.Body, parameter, "", ref reason)) is null)
                    {
                        return null;
                    }
                }

                setters.Add(new LoweredNode("set", member.Name, memberType, value is null ? "value" : "computed", "", Left: value));
            }

            return new ChainStep(name, intercept, LambdaText: lambda.Syntax.ToString(), Setters: new EquatableArray<LoweredNode>(setters.ToArray()));
        }

        /// <summary>
        /// A setter's value over the row as the run-time translator reads it: <c>+ - * /</c> (and <c>%</c> of integers) and unary
        /// <c>-</c>, lifted over nullable operands too, over members of the row stored as numbers or text (<c>col</c>, whose
        /// Family is the column kind expected), string <c>+</c> (<c>concat</c>), conversions between numbers other than
        /// decimal (<c>cast</c>), <c>Math.Abs/Max/Min</c>, <c>ToUpper/ToLower</c> and <c>string.Length</c> (<c>fn</c>), and closed
        /// values read at their path (<c>val</c>). Conversions without an operator method take no path step: the interceptor
        /// looks through them, as the translator does.
        /// </summary>
        private static LoweredNode? Arithmetic(IOperation operation, IParameterSymbol row, string path, ref string? reason)
        {
            if (!Reads(operation, row))
            {
                return new LoweredNode("val", MemberType: operation.Type?.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat), Path: path);
            }

            switch (operation)
            {
                case IBinaryOperation { OperatorKind: BinaryOperatorKind.Add, Type.SpecialType: SpecialType.System_String } concat:
                    {
                        var left = ConcatPart(concat.LeftOperand, row, path + "L", ref reason);
                        var right = left is null ? null : ConcatPart(concat.RightOperand, row, path + "R", ref reason);
                        return right is null ? null : new LoweredNode("concat", Left: left, Right: right);
                    }

                case IBinaryOperation b when b.OperatorMethod is null || b.OperatorMethod.ContainingType.SpecialType == SpecialType.System_Decimal:
                    {
                        var family = ArithmeticFamily(b.Type);
                        var op = b.OperatorKind switch
                        {
                            BinaryOperatorKind.Add => "+",
                            BinaryOperatorKind.Subtract => "-",
                            BinaryOperatorKind.Multiply => "*",
                            BinaryOperatorKind.Divide => "/",
                            BinaryOperatorKind.Remainder when family is "int" or "long" => "%",
                            _ => null,
                        };
                        if (op is null || family is null or "string")
                        {
                            reason ??= $"the operator of '{b.Syntax}' is not lowered in a setter at build time";
                            return null;
                        }

                        var left = Arithmetic(b.LeftOperand, row, path + "L", ref reason);
                        var right = left is null ? null : Arithmetic(b.RightOperand, row, path + "R", ref reason);
                        return right is null ? null : new LoweredNode(op, Left: left, Right: right);
                    }

                case ICoalesceOperation coalesce when ArithmeticFamily(coalesce.Type) is not null && ArithmeticFamily(coalesce.Value.Type) is not null:
                    {
                        // x.Bonus ?? 0: the run time's coalesce(left, right), a closed fallback encoded as the left column stores
                        // it, which for numbers and text is how a value outside a comparison is encoded too.
                        var left = Arithmetic(coalesce.Value, row, path + "L", ref reason);
                        var right = left is null ? null : Arithmetic(coalesce.WhenNull, row, path + "R", ref reason);
                        return right is null ? null : new LoweredNode("fn", "coalesce", Left: left, Right: right);
                    }

                case IUnaryOperation { OperatorKind: UnaryOperatorKind.Minus } minus
                    when (minus.OperatorMethod is null || minus.OperatorMethod.ContainingType.SpecialType == SpecialType.System_Decimal) && ArithmeticFamily(minus.Type) is not (null or "string"):
                    return Arithmetic(minus.Operand, row, path + "O", ref reason) is { } negated ? new LoweredNode("neg", Left: negated) : null;
                case IConversionOperation { OperatorMethod: null, Conversion.IsIdentity: true } identity:
                    // No node in the expression tree.
                    return Arithmetic(identity.Operand, row, path, ref reason);
                case IConversionOperation { OperatorMethod: null } conversion:
                    {
                        // (long)x.Count, x.Views - x.Stock, x.Score * x.Stock, x.Score + 1 with int? Score: the run time's
                        // TranslateConvert, CAST to REAL from an integer to a double, to INTEGER from a double to an integer,
                        // the operand itself between integers (and to or from a nullable of the same type).
                        var from = ArithmeticFamily(conversion.Operand.Type);
                        var to = ArithmeticFamily(conversion.Type);
                        if (from is null or "decimal" or "string" || to is null or "decimal" or "string")
                        {
                            reason ??= from == "decimal" || to == "decimal"
                                ? $"the conversion '{conversion.Syntax}' to or from decimal is an operator method in the expression tree, which the run-time translator does not translate either (it throws NotSupportedException)"
                                : $"the conversion '{conversion.Syntax}' in a setter is not lowered at build time (only conversions between integer and floating-point values of the row are)";
                            return null;
                        }

                        var operand = Arithmetic(conversion.Operand, row, path, ref reason);
                        var cast = to == "double" && from != "double" ? "REAL" : from == "double" && to != "double" ? "INTEGER" : null;
                        return operand is null || cast is null ? operand : new LoweredNode("cast", cast, Left: operand);
                    }

                case IConversionOperation { OperatorMethod: { } method } converted:
                    reason ??= $"the conversion '{converted.Syntax}' is an operator method ({method.ContainingType.Name}.{method.Name}), which the run-time translator does not translate either (it throws NotSupportedException)";
                    return null;
                case IPropertyReferenceOperation { Instance: IParameterReferenceOperation instance, Property: { Parameters.Length: 0 } member }
                    when SymbolEqualityComparer.Default.Equals(instance.Parameter, row):
                    if (StoredKind(member.Type) is not { } kind)
                    {
                        reason ??= $"member '{member.Name}' of type '{member.Type.ToDisplayString()}' is computed by the run-time translator's rules";
                        return null;
                    }

                    return new LoweredNode("col", member.Name, member.Type.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat), kind);
                case IPropertyReferenceOperation { Property: { Name: "Length", ContainingType.SpecialType: SpecialType.System_String }, Instance: { } text }:
                    return Arithmetic(text, row, path + "m", ref reason) is { } measured ? new LoweredNode("fn", SqlStrings.LengthFunction, Left: measured) : null;
                case IInvocationOperation call when SetterFunction(call) is { } function:
                    {
                        LoweredNode? first, second = null;
                        if (call.Instance is { } target)
                        {
                            first = Arithmetic(target, row, path + "o", ref reason);
                        }
                        else
                        {
                            var arguments = call.Arguments.OrderBy(a => a.Parameter!.Ordinal).ToArray();
                            first = Arithmetic(arguments[0].Value, row, path + "0", ref reason);
                            second = first is null || arguments.Length == 1 ? null : Arithmetic(arguments[1].Value, row, path + "1", ref reason);
                            if (first is not null && arguments.Length == 2 && second is null)
                            {
                                return null;
                            }
                        }

                        return first is null ? null : new LoweredNode("fn", function, Left: first, Right: second);
                    }

                default:
                    reason ??= $"'{operation.Syntax}' in a setter is not lowered at build time (only + - * / over numeric and string members and captured values, string +, conversions between integer and floating-point values, ??, Math.Abs/Max/Min, ToUpper/ToLower and string.Length are)";
                    return null;
            }
        }

        /// <summary>
        /// A part of a string <c>+</c>, as the run time's Concat reads it through conversions: a string or integer value of the
        /// row, or a closed string (the run time binds a closed part's text, so another closed type is declined).
        /// </summary>
        private static LoweredNode? ConcatPart(IOperation part, IParameterSymbol row, string path, ref string? reason)
        {
            var stripped = part;
            while (stripped is IConversionOperation { OperatorMethod: null } conversion)
            {
                stripped = conversion.Operand;
            }

            var family = ArithmeticFamily(stripped.Type);
            if (!Reads(stripped, row))
            {
                if (family != "string")
                {
                    reason ??= $"the value '{part.Syntax}' concatenated in a setter is not a string (the run time binds its text, which is not read at build time)";
                    return null;
                }

                return new LoweredNode("val", MemberType: "string", Path: path);
            }

            if (family is not ("string" or "int" or "long") || (stripped.Type is INamedTypeSymbol { TypeKind: TypeKind.Enum }))
            {
                reason ??= $"concatenating '{part.Syntax}' of type '{stripped.Type?.ToDisplayString()}' is not lowered at build time (only string and integer values of the row are; the run time throws NotSupportedException for floating-point, decimal, date and other values)";
                return null;
            }

            return Arithmetic(stripped, row, path, ref reason);
        }

        /// <summary>The SQL function of a call the run time translates in a setter: Math.Abs/Max/Min, string ToUpper/ToLower; else null.</summary>
        private static string? SetterFunction(IInvocationOperation call)
        {
            var method = call.TargetMethod;
            if (method.ContainingType is { Name: "Math", ContainingNamespace: { Name: "System", ContainingNamespace.IsGlobalNamespace: true } } && call.Instance is null)
            {
                return (method.Name, method.Parameters.Length) switch
                {
                    ("Abs", 1) => "abs",
                    ("Max", 2) => "max",
                    ("Min", 2) => "min",
                    _ => null,
                };
            }

            return method.ContainingType?.SpecialType == SpecialType.System_String && call.Instance is not null && method.Parameters.Length == 0
                ? SqlStrings.CaseMapping(method.Name)
                : null;
        }

        /// <summary>The value families a setter may compute at build time: integers (not ulong), long, floating point, decimal, string.</summary>
        private static string? ArithmeticFamily(ITypeSymbol? type) => Underlying(type)?.SpecialType switch
        {
            SpecialType.System_SByte or SpecialType.System_Byte or SpecialType.System_Int16 or SpecialType.System_UInt16
                or SpecialType.System_Int32 or SpecialType.System_UInt32 => "int",
            SpecialType.System_Int64 => "long",
            SpecialType.System_Single or SpecialType.System_Double => "double",
            SpecialType.System_Decimal => "decimal",
            SpecialType.System_String => "string",
            _ => null,
        };

        /// <summary>The column kind a member of <paramref name="type"/> the setter reads must be stored as (else the run time's rules decide).</summary>
        private static string? StoredKind(ITypeSymbol type)
        {
            var underlying = Underlying(type);
            if (underlying is INamedTypeSymbol { TypeKind: TypeKind.Enum })
            {
                return null;
            }

            return underlying?.SpecialType switch
            {
                SpecialType.System_SByte => nameof(ColumnKind.SByte),
                SpecialType.System_Byte => nameof(ColumnKind.Byte),
                SpecialType.System_Int16 => nameof(ColumnKind.Int16),
                SpecialType.System_UInt16 => nameof(ColumnKind.UInt16),
                SpecialType.System_Int32 => nameof(ColumnKind.Int32),
                SpecialType.System_UInt32 => nameof(ColumnKind.UInt32),
                SpecialType.System_Int64 => nameof(ColumnKind.Int64),
                SpecialType.System_Single => nameof(ColumnKind.Single),
                SpecialType.System_Double => nameof(ColumnKind.Double),
                SpecialType.System_Decimal => nameof(ColumnKind.Decimal),
                SpecialType.System_String => nameof(ColumnKind.String),
                _ => null,
            };
        }

        private static ITypeSymbol? Underlying(ITypeSymbol? type) =>
            type is INamedTypeSymbol { OriginalDefinition.SpecialType: SpecialType.System_Nullable_T } nullable ? nullable.TypeArguments[0] : type;

        private static bool Reads(IOperation operation, IParameterSymbol row) =>
            operation.DescendantsAndSelf().Any(o => o is IParameterReferenceOperation p && SymbolEqualityComparer.Default.Equals(p.Parameter, row));
    }

    private static partial class InterceptorEmitter
    {
        private static bool IsWrite(string method) => Sync(method) is "ExecuteDelete" or "ExecuteUpdate";

        /// <summary>
        /// The write's statement as <c>TableQuery&lt;T&gt;.BuildDelete/BuildUpdate</c> writes it (the Set values, then the Where
        /// values), the text under sqlite-net's storage format when it differs (a computed decimal is stored as REAL there,
        /// as text under MicroDb's), and the values in slot order; or why it is declined.
        /// </summary>
        private static (string? Sql, string? SqliteNetSql, List<LoweredNode>? Values, string? Declined) WriteSetBased(QueryChain chain, EntityModel model)
        {
            var values = new List<LoweredNode>();
            var terminal = chain.Steps[chain.Steps.Count - 1];
            var assignments = new List<SqlAssignment>();
            var sqliteNetAssignments = new List<SqlAssignment>();
            string? declined = null;
            var setters = terminal.Setters.Count == 0 ? System.Array.Empty<LoweredNode>() : terminal.Setters.ToArray();
            for (var i = 0; i < setters.Length; i++)
            {
                var setter = setters[i];
                var column = model.Columns.FirstOrDefault(c => c.MemberName == setter.Member);
                if (column is null)
                {
                    return (null, null, null, $"member '{setter.Member}' maps to no column (the run-time path throws ArgumentException)");
                }

                if (setter.Left is not { } computed)
                {
                    assignments.Add(new SqlAssignment(column.ColumnName, new SqlParameter(values.Count, column.Kind)));
                    sqliteNetAssignments.Add(assignments[assignments.Count - 1]);
                    values.Add(new LoweredNode("assigned", setter.Member, setter.MemberType, Path: "", Table: i));
                    continue;
                }

                if (!SqlSetBased.Computable(column.Kind))
                {
                    return (null, null, null, $"'{column.ColumnName}' ({column.Kind}) cannot be computed in SQL from the row (the run-time path throws NotSupportedException)");
                }

                var node = Computed(computed, model, setter, i, values, ref declined);
                if (node is null)
                {
                    return (null, null, null, declined);
                }

                assignments.Add(new SqlAssignment(column.ColumnName, column.Kind == ColumnKind.Decimal ? SqlSetBased.DecimalText(node) : node));
                sqliteNetAssignments.Add(new SqlAssignment(column.ColumnName, node));
            }

            var predicates = new List<SqlExpression>();
            var orderings = new List<SqlOrdering>();
            int? limit = null;
            var offset = 0;
            if (Clauses(chain, model, values, predicates, orderings, ref limit, ref offset) is { } reason)
            {
                return (null, null, null, reason);
            }

            var where = new ValueList<SqlExpression>(predicates.ToArray());
            if (limit is not null || offset > 0)
            {
                // After Take/Skip the rows are the key's (or rowid's) sub-query with the order and paging (TableQuery.RowFilter).
                var keys = model.Columns.Where(c => c.IsPrimaryKey).ToList();
                SqlExpression key = keys.Count == 1 ? new SqlColumn(keys[0].ColumnName) : SqlRowId.Instance;
                var selected = new QueryModel(new SqlTable(model.TableName), new ValueList<SqlExpression>(new[] { key }), false, where,
                    new ValueList<SqlOrdering>(orderings.ToArray()), limit, offset);
                where = new ValueList<SqlExpression>(new SqlExpression[] { new SqlInQuery(key, selected, Negated: false) });
            }
            var sql = new StringBuilder();
            var slots = new List<int>();
            string? sqliteNetSql = null;
            if (setters.Length == 0)
            {
                SqliteSqlWriter.Instance.WriteDelete(new DeleteModel(model.TableName, where), sql, slots);
            }
            else
            {
                SqliteSqlWriter.Instance.WriteUpdate(new UpdateModel(model.TableName, new ValueList<SqlAssignment>(assignments.ToArray()), where), sql, slots);
                var other = new StringBuilder();
                SqliteSqlWriter.Instance.WriteUpdate(new UpdateModel(model.TableName, new ValueList<SqlAssignment>(sqliteNetAssignments.ToArray()), where), other, new List<int>());
                sqliteNetSql = other.ToString() == sql.ToString() ? null : other.ToString();
            }

            for (var i = 0; i < slots.Count; i++)
            {
                if (slots[i] != i)
                {
                    return (null, null, null, "the values are not written in the order they are read");
                }
            }

            return (sql.ToString(), sqliteNetSql, values, null);
        }

        /// <summary>A setter's arithmetic as the run-time translator builds it: grouped binaries, decimal columns read as REAL, operands as slots.</summary>
        private static SqlExpression? Computed(LoweredNode node, EntityModel model, LoweredNode setter, int index, List<LoweredNode> values, ref string? declined)
        {
            switch (node.Op)
            {
                case "val":
                    values.Add(new LoweredNode("assigned", setter.Member, setter.MemberType, Path: node.Path, Table: index));
                    return new SqlParameter(values.Count - 1, null);
                case "col":
                    {
                        var column = model.Columns.FirstOrDefault(c => c.MemberName == node.Member);
                        if (column is null || column.Kind.ToString() != node.Family)
                        {
                            declined = column is null
                                ? $"member '{node.Member}' maps to no column"
                                : $"member '{node.Member}' is stored as {column.Kind}, which is computed by the run-time translator's rules";
                            return null;
                        }

                        var name = new SqlColumn(column.ColumnName);
                        return column.Kind == ColumnKind.Decimal ? SqlStoredKeys.DecimalValue(name) : name;
                    }

                case "cast":
                    {
                        var operand = Computed(node.Left!, model, setter, index, values, ref declined);
                        return operand is null ? null : new SqlCast(operand, node.Member!);
                    }

                case "neg":
                    {
                        var operand = Computed(node.Left!, model, setter, index, values, ref declined);
                        return operand is null ? null : new SqlGroup(new SqlUnary(SqlUnaryOperator.Negate, operand));
                    }

                case "fn":
                    {
                        var first = Computed(node.Left!, model, setter, index, values, ref declined);
                        var second = first is null || node.Right is null ? null : Computed(node.Right, model, setter, index, values, ref declined);
                        if (first is null || (node.Right is not null && second is null))
                        {
                            return null;
                        }

                        return second is null ? new SqlFunction(node.Member!, first) : new SqlFunction(node.Member!, first, second);
                    }

                case "concat":
                    {
                        var left = Computed(node.Left!, model, setter, index, values, ref declined);
                        var right = left is null ? null : Computed(node.Right!, model, setter, index, values, ref declined);
                        return right is null ? null : SqlConcat.Of("ifnull", new[] { left!, right });
                    }

                default:
                    {
                        var left = Computed(node.Left!, model, setter, index, values, ref declined);
                        var right = left is null ? null : Computed(node.Right!, model, setter, index, values, ref declined);
                        var op = node.Op switch
                        {
                            "+" => SqlOperator.Add,
                            "-" => SqlOperator.Subtract,
                            "*" => SqlOperator.Multiply,
                            "/" => SqlOperator.Divide,
                            _ => SqlOperator.Modulo,
                        };
                        return right is null ? null : new SqlGroup(new SqlBinary(left!, op, right));
                    }
            }
        }

        /// <summary>
        /// An ExecuteDelete/ExecuteUpdate chain: the Where interceptors, the site (the Set calls' members and values, then the
        /// Where values) and the terminal calling <c>QueryInterception.ExecuteDelete/ExecuteUpdate</c> (async: on the pool's writer).
        /// </summary>
        private static void EmitWriteChain(SourceWriter w, QueryChain chain, string sql, string? sqliteNetSql, List<LoweredNode> values, int index)
        {
            var entity = chain.EntityType;
            var query = (chain.Async ? "AsyncTableQuery<" : "TableQuery<") + entity + ">";
            var predicateType = "global::System.Linq.Expressions.Expression<global::System.Func<" + entity + ", bool>>";
            EmitSteps(w, chain, index, query, predicateType, Runtime, "predicate", "keySelector");

            var terminal = chain.Steps[chain.Steps.Count - 1];
            var site = WriteSite(w, sql, terminal, values, "Site" + index.ToString(System.Globalization.CultureInfo.InvariantCulture));
            var sites = site + (sqliteNetSql is null ? "" : ", " + WriteSite(w, sqliteNetSql, terminal, values, site + "N"));
            var update = Sync(terminal.Method) == "ExecuteUpdate";
            var setters = "global::System.Func<UpdateSetters<" + entity + ">, UpdateSetters<" + entity + ">>";
            var parameters = "this " + query + " query" + (update ? ", " + setters + " setters" : "") + (chain.Async ? ", global::System.Threading.CancellationToken cancellationToken" : "");
            var arguments = "query" + (update ? ", setters" : "") + ", " + sites + (chain.Async ? (update && sqliteNetSql is null ? ", null" : "") + ", cancellationToken" : "");
            w.Line(terminal.Intercept!);
            w.Line("public static " + (chain.Async ? "global::System.Threading.Tasks.ValueTask<int> " : "int ") + terminal.Method + index + "(" + parameters + ") =>");
            w.Line("    " + Runtime + "." + terminal.Method + "(" + arguments + ");");
            w.Line();
        }

        /// <summary>Emits a write's site field: the SQL, the members set (<c>Assigns</c>), and its values in slot order.</summary>
        private static string WriteSite(SourceWriter w, string sql, ChainStep terminal, List<LoweredNode> values, string name)
        {
            var text = new StringBuilder("private static readonly " + SiteType + " " + name + " = new " + SiteType + "(" + SymbolDisplay.FormatLiteral(sql, quote: true) + ")");
            if (terminal.Setters.Count > 0)
            {
                text.Append(".Assigns(").Append(string.Join(", ", terminal.Setters.Select(s => SymbolDisplay.FormatLiteral(s.Member!, quote: true)))).Append(')');
            }

            foreach (var v in values)
            {
                if (v.Op == "assigned")
                {
                    text.Append(".Assigned(").Append(v.Table.ToString(System.Globalization.CultureInfo.InvariantCulture)).Append(", ").Append(SymbolDisplay.FormatLiteral(v.Path!, quote: true));
                }
                else
                {
                    var colon = v.Path!.IndexOf(':');
                    text.Append(".Value(").Append(v.Path.Substring(0, colon)).Append(", ").Append(SymbolDisplay.FormatLiteral(v.Path.Substring(colon + 1), quote: true));
                }

                text.Append(", ").Append(SymbolDisplay.FormatLiteral(v.Member!, quote: true)).Append(", typeof(").Append(v.MemberType).Append("))");
            }

            AppendSubqueries(text);
            AppendReal(text, values);
            w.Line(text.Append(';').ToString());
            return name;
        }
    }
}
