import { Drawer, Skeleton } from "antd";
import { useCall } from "../../../../api";
import { ContactDrawer } from "../../../contacts/components/contact-drawer";

/**
 * The card's "Edit contact": the Contacts screen's own drawer (same form, same checks), opened on the contact once it
 * is read, so a change made from the inbox is the one the Contacts screen makes.
 */
export function CardContactEditor(props: { contactId: string; onClose: () => void; onSaved: () => Promise<void> }) {
  const contact = useCall("contacts.get", { params: { id: props.contactId } }).query;
  const definitions = useCall("contacts.attributes.list", {}, { errorNotification: false }).query;
  const record = contact.data?.data.data;
  if (!record || definitions.isLoading)
    return (
      <Drawer open onClose={props.onClose} title="Edit contact" width={560}>
        <Skeleton active />
      </Drawer>
    );
  return (
    <ContactDrawer
      dialog={{ kind: "edit", contact: record }}
      onClose={props.onClose}
      onSaved={props.onSaved}
      definitions={definitions.data?.data.data ?? []}
      knownLabels={record.labels}
      mayErase={false}
    />
  );
}
