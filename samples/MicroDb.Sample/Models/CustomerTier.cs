namespace MicroDb.Sample.Models;

[StoreAsText]
public enum CustomerTier
{
    Standard,
    Silver,
    Gold,
}
