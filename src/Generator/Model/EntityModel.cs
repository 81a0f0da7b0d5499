namespace MicroDb.Generator.Model;

/// <summary>Everything the emitter needs to write one map.</summary>
/// <param name="TypeName">The entity type, fully qualified (<c>global::Ns.Type</c>).</param>
/// <param name="MetadataName">The runtime full name (<c>Ns.Outer+Type</c>), as <c>Type.FullName</c> gives it.</param>
/// <param name="MapNamespace">The namespace of the generated map.</param>
/// <param name="MapName">The generated map's class name.</param>
/// <param name="HintName">The generated file's hint name.</param>
/// <param name="TableName">The table name.</param>
/// <param name="WithoutRowId">[Table(WithoutRowId = true)].</param>
/// <param name="UsesConstructor">True when entities are built by a constructor call with arguments or an object initializer.</param>
/// <param name="BackingFieldName">For <see cref="KeyWriteBack.UnsafeBackingField"/>, the field's name.</param>
/// <param name="UsesUnsafeConstructor">True when the parameterless constructor is not accessible and is called through an [UnsafeAccessor].</param>
/// <param name="Columns">The columns, in order.</param>
/// <param name="Indexes">The index declarations.</param>
/// <param name="RenamedFrom">[RenamedFrom]'s previous table name on the class, or null.</param>
internal sealed record EntityModel(
    string TypeName,
    string MetadataName,
    string MapNamespace,
    string MapName,
    string HintName,
    string TableName,
    bool WithoutRowId,
    bool UsesConstructor,
    string? BackingFieldName,
    bool UsesUnsafeConstructor,
    EquatableArray<ColumnModel> Columns,
    EquatableArray<IndexModel> Indexes,
    string? RenamedFrom = null);
