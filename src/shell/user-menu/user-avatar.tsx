import { Avatar } from "antd";

/** Up to two initials from the display name ("Asha Rao" → "AR"), else the username's first letter. */
export function initialsOf(name: string | undefined, username: string): string {
  const words = (name ?? "").trim().split(/\s+/).filter(Boolean);
  if (words.length >= 2) return `${words[0][0]}${words[words.length - 1][0]}`.toUpperCase();
  if (words.length === 1) return words[0].slice(0, 2).toUpperCase();
  return username.slice(0, 1).toUpperCase() || "?";
}

export function UserAvatar({ name, username, size }: { name?: string; username: string; size?: number }) {
  return (
    <Avatar size={size} aria-hidden style={{ background: "var(--ant-color-primary, #2563eb)", flexShrink: 0 }}>
      {initialsOf(name, username)}
    </Avatar>
  );
}
