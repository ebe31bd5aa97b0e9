import { Button, type ButtonProps } from "antd";
import type { MouseEvent } from "react";
import { useHref, useLinkClickHandler, type To } from "react-router";

export type ButtonLinkProps = Omit<ButtonProps, "href" | "onClick" | "htmlType"> & { to: To };

/**
 * A link that looks like a button: one element, so one tab stop with the button's focus ring (a <Button> inside a
 * <Link> is two stops and the outer one shows no ring). It stays a real link (opens in a new tab with Ctrl or the
 * middle button) and navigates inside the app on a plain click.
 */
export function ButtonLink({ to, ...button }: ButtonLinkProps) {
  const href = useHref(to);
  const onClick = useLinkClickHandler<HTMLAnchorElement>(to);
  return (
    <Button
      {...button}
      href={href}
      onClick={(e: MouseEvent<HTMLElement>) => onClick(e as MouseEvent<HTMLAnchorElement>)}
    />
  );
}
