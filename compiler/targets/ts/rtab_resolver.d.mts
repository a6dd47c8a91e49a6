// ts
