using System.Collections.Generic;
using MicroDb.Generator.Model;
using MicroDb.Generator.Shared.Query;

namespace MicroDb.Generator;

// ulong join keys (issue 22): a ulong member, or an enum over ulong stored as its number, is stored by bit pattern (the
// values above long.MaxValue negative), so the run time compares such a key pair through SqlTranslator.Key's UInt64 key,
// ((v | ?) - (v & ?)) with long.MinValue bound at both markers: the sign bit flipped, so the key orders and matches as
// the unsigned value. Both storage formats store ulong alike, so the text is one.
public sealed partial class MicroDbGenerator
{
    private static partial class InterceptorEmitter
    {
        /// <summary>SqlTranslator.Key of a UInt64 key over <paramref name="column"/>, its two constants appended to <paramref name="values"/> (<c>JoinedFixedValue</c>).</summary>
        private static SqlExpression UInt64Key(SqlExpression column, List<LoweredNode> values)
        {
            values.Add(new LoweredNode("fixed", Family: "fixed", Path: "0:"));
            var or = new SqlGroup(new SqlBinary(column, SqlOperator.BitwiseOr, new SqlParameter(values.Count - 1, null)));
            values.Add(new LoweredNode("fixed", Family: "fixed", Path: "0:"));
            var and = new SqlGroup(new SqlBinary(column, SqlOperator.BitwiseAnd, new SqlParameter(values.Count - 1, null)));
            return new SqlGroup(new SqlBinary(or, SqlOperator.Subtract, and));
        }
    }
}
