namespace MicroDb;

/// <summary>How the SQL of an <see cref="ExecutedStatement"/> was produced.</summary>
public enum StatementSource
{
    /// <summary>SQL text given by the application (<c>Query</c>, <c>Execute</c>, <c>ExecuteScalar</c>, <c>DeferredQuery</c>, named parameters), and the statements MicroDb issues itself for schema, pragmas and transactions.</summary>
    Sql = 0,

    /// <summary>A LINQ query over <c>Table&lt;T&gt;()</c> translated to SQL at run time.</summary>
    Linq = 1,

    /// <summary>CRUD by entity or key: <c>Insert</c>, <c>InsertAll</c>, <c>InsertOrReplace</c>, <c>Update</c>, <c>Delete</c>, <c>Get</c>, <c>Find</c>, on the map's prepared statements.</summary>
    Crud = 2,

    /// <summary>A LINQ query written inline (<c>db.Table&lt;T&gt;().Where(...).First()</c>) whose SQL the source generator wrote at build time and whose call it intercepted: no translation at run time.</summary>
    Intercepted = 3,

    /// <summary>A LINQ query run through a delegate from <see cref="MicroDbQuery.Compile{TArg, TResult}"/> or <see cref="MicroDbQuery.CompileAsync{TArg, TResult}"/>.</summary>
    Compiled = 4,
}
