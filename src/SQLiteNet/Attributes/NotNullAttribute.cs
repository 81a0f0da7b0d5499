namespace SQLite;

/// <summary>Declares the column <c>not null</c>; inserting a null throws <see cref="NotNullConstraintViolationException"/>.</summary>
[AttributeUsage(AttributeTargets.Property)]
public class NotNullAttribute : Attribute
{
}
