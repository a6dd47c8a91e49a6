// cs
