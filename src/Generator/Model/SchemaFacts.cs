namespace MicroDb.Generator.Model;

/// <summary>
/// What the schema snapshot check (MDB0012) needs of a model beyond its <see cref="EntityModel"/>: the former names
/// declared with <c>[RenamedFrom]</c> and where to report. Kept out of <see cref="EntityModel"/> so that moving a class
/// in its file does not re-emit its map.
/// </summary>
/// <param name="TableRenamedFrom">The table's former names ([RenamedFrom] on the class).</param>
/// <param name="ColumnRenames">Pairs of column name and one former name ([RenamedFrom] on the property).</param>
/// <param name="Location">The model class's declaration (its name), where MDB0012 is reported.</param>
internal sealed record SchemaFacts(EquatableArray<string> TableRenamedFrom, EquatableArray<ColumnRename> ColumnRenames, LocationInfo? Location);
