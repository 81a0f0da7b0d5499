namespace MicroDb.Sample.Models;

public enum OrderStatus
{
    Open = 1,
    Paid = 2,
    Shipped = 3,
    Cancelled = 9,
}
